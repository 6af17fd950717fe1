package main

import (
	"strings"
	"testing"
)

// events is go test -json output of a build failure, a package with a
// passing, a failing and a slow parallel subtest, and a package without
// tests.
const events = `{"ImportPath":"m/b [m/b.test]","Action":"build-output","Output":"# m/b [m/b.test]\n"}
{"ImportPath":"m/b [m/b.test]","Action":"build-output","Output":"b/b.go:2:23: cannot use \"x\"\n"}
{"ImportPath":"m/b [m/b.test]","Action":"build-fail"}
{"Action":"start","Package":"m/a"}
{"Action":"run","Package":"m/a","Test":"TestOK"}
{"Action":"output","Package":"m/a","Test":"TestOK","Output":"=== RUN   TestOK\n"}
{"Action":"output","Package":"m/a","Test":"TestOK","Output":"    a_test.go:3: hello\n"}
{"Action":"output","Package":"m/a","Test":"TestOK","Output":"--- PASS: TestOK (1.50s)\n"}
{"Action":"pass","Package":"m/a","Test":"TestOK","Elapsed":1.5}
{"Action":"run","Package":"m/a","Test":"TestFail"}
{"Action":"output","Package":"m/a","Test":"TestFail","Output":"=== RUN   TestFail\n"}
{"Action":"output","Package":"m/a","Test":"TestFail","Output":"    a_test.go:4: boom\n"}
{"Action":"output","Package":"m/a","Test":"TestFail","Output":"--- FAIL: TestFail (0.20s)\n"}
{"Action":"fail","Package":"m/a","Test":"TestFail","Elapsed":0.2}
{"Action":"run","Package":"m/a","Test":"TestPar"}
{"Action":"run","Package":"m/a","Test":"TestPar/x"}
{"Action":"output","Package":"m/a","Test":"TestPar/x","Output":"--- PASS: TestPar/x (7.00s)\n"}
{"Action":"pass","Package":"m/a","Test":"TestPar/x","Elapsed":7}
{"Action":"output","Package":"m/a","Test":"TestPar","Output":"--- PASS: TestPar (0.00s)\n"}
{"Action":"pass","Package":"m/a","Test":"TestPar","Elapsed":0}
{"Action":"output","Package":"m/a","Output":"FAIL\n"}
{"Action":"output","Package":"m/a","Output":"FAIL\tm/a\t8.800s\n"}
{"Action":"fail","Package":"m/a","Elapsed":8.8}
{"Action":"start","Package":"m/b"}
{"Action":"output","Package":"m/b","Output":"FAIL\tm/b [build failed]\n"}
{"Action":"fail","Package":"m/b","Elapsed":0,"FailedBuild":"m/b [m/b.test]"}
{"Action":"start","Package":"m/d"}
{"Action":"output","Package":"m/d","Output":"?   \tm/d\t[no test files]\n"}
{"Action":"skip","Package":"m/d","Elapsed":0}
`

func TestReport(t *testing.T) {
	var out strings.Builder
	failed, err := report(strings.NewReader(events), &out, 2)
	if err != nil || !failed {
		t.Fatalf("failed %v, err %v", failed, err)
	}
	want := `# m/b [m/b.test]
b/b.go:2:23: cannot use "x"
    a_test.go:4: boom
--- FAIL: TestFail (0.20s)
FAIL
FAIL	m/a	8.800s
FAIL	m/b [build failed]
?   	m/d	[no test files]
FAIL

slowest tests:
    7.00s  m/a TestPar
    1.50s  m/a TestOK
`
	if out.String() != want {
		t.Errorf("got\n%s\nwant\n%s", out.String(), want)
	}
}

func TestReportPasses(t *testing.T) {
	in := `{"Action":"run","Package":"m/a","Test":"TestOK"}
{"Action":"output","Package":"m/a","Test":"TestOK","Output":"--- PASS: TestOK (0.10s)\n"}
{"Action":"pass","Package":"m/a","Test":"TestOK","Elapsed":0.1}
{"Action":"output","Package":"m/a","Output":"PASS\n"}
{"Action":"output","Package":"m/a","Output":"ok  \tm/a\t0.120s\n"}
{"Action":"pass","Package":"m/a","Elapsed":0.12}
`
	var out strings.Builder
	failed, err := report(strings.NewReader(in), &out, 10)
	if err != nil || failed {
		t.Fatalf("failed %v, err %v", failed, err)
	}
	if want := "ok  \tm/a\t0.120s\n\nslowest tests:\n    0.10s  m/a TestOK\n"; out.String() != want {
		t.Errorf("got %q, want %q", out.String(), want)
	}
	// No events at all (go test could not start): a failure.
	if failed, _ := report(strings.NewReader("no such flag\n"), &out, 10); !failed {
		t.Error("input without events did not fail")
	}
}
