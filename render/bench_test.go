package render

import (
	"bufio"
	"compress/gzip"
	"encoding/json"
	"os"
	"testing"

	"nardi/rules"
)

// benchViews returns varied boards: positions and rolls from the rules
// test data, in every layout, some with marks and a cube.
func benchViews(tb testing.TB, n int) []View {
	tb.Helper()
	f, err := os.Open("../rules/testdata/rules-random.jsonl.gz")
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		tb.Fatal(err)
	}
	sc := bufio.NewScanner(zr)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	var views []View
	for i := 0; sc.Scan() && len(views) < n; i++ {
		var rec struct {
			Pos  string `json:"pos"`
			Dice [2]int `json:"dice"`
		}
		if err := json.Unmarshal(sc.Bytes(), &rec); err != nil {
			tb.Fatal(err)
		}
		p, err := rules.ParsePositionID(rec.Pos)
		if err != nil {
			tb.Fatal(err)
		}
		v := View{
			Pos:        p,
			Dice:       rules.Dice(rec.Dice),
			Viewer:     Side(i % 2),
			MoverColor: Color(i / 2 % 2),
			Portrait:   i%3 == 0,
			HomeLeft:   i%5 == 0,
		}
		if i%4 == 1 {
			v.Cube, v.CubeOwner = 2, CubeOwner(i%3)
			v.Used[0] = true
		}
		if i%2 == 0 {
			// Mark some plausible steps: any checker of the opponent on
			// a point, as if it had just come from six pips back.
			for k := 1; k <= 18; k++ {
				if p.Theirs[k] > 0 {
					v.LastPlay = &rules.Play{Steps: [4]rules.Step{{From: int8(k + 6), To: int8(k)}}, N: 1}
					v.LastBy = Opponent
					break
				}
			}
		}
		views = append(views, v)
	}
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
	}
	return views
}

func BenchmarkBoard(b *testing.B) {
	views := benchViews(b, 400)
	for _, portrait := range []bool{false, true} {
		for i := range views {
			views[i].Portrait = portrait
		}
		name := "landscape"
		if portrait {
			name = "portrait"
		}
		b.Run(name, func(b *testing.B) {
			for _, homeLeft := range []bool{false, true} { // draw each layout's background once
				v := views[0]
				v.HomeLeft = homeLeft
				if _, err := Board(v); err != nil {
					b.Fatal(err)
				}
			}
			total, most := 0, 0
			cpu0 := cpuTime()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				png, err := Board(views[i%len(views)])
				if err != nil {
					b.Fatal(err)
				}
				total += len(png)
				most = max(most, len(png))
			}
			b.ReportMetric(float64(cpuTime()-cpu0)/float64(b.N), "cpu-ns/op")
			b.ReportMetric(float64(total)/float64(b.N), "png-bytes")
			b.ReportMetric(float64(most), "max-png-bytes")
		})
	}
}
