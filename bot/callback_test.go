package bot

import (
	"testing"

	"nardi/rules"
)

func TestActionRoundTrip(t *testing.T) {
	a := action{op: opStep, game: 1<<40 + 5, counter: 1<<32 - 1, arg: stepArg(rules.Step{From: rules.Bar, To: 22})}
	s := a.String()
	if len(s) > 64 {
		t.Fatalf("%q is %d bytes", s, len(s))
	}
	back, err := parseAction(s)
	if err != nil || back != a {
		t.Fatalf("%q read back as %+v, %v", s, back, err)
	}
	st, err := parseStepArg(back.arg)
	if err != nil || st != (rules.Step{From: rules.Bar, To: 22}) {
		t.Fatalf("step %v, %v", st, err)
	}
	for _, bad := range []string{"", "st", "st:1:2", "st:-1:2:x", "st:1:zzzzzzzzzzzz:x", "st:1:2:" + string(make([]byte, 70))} {
		if _, err := parseAction(bad); err == nil {
			t.Errorf("%q was accepted", bad)
		}
	}
	for _, bad := range []string{"7-13", "0-0", "26-20", "x-1", "13"} {
		if _, err := parseStepArg(bad); err == nil {
			t.Errorf("step %q was accepted", bad)
		}
	}
}
