package ai

import (
	"testing"
	"time"

	"nardi/rules"
)

// TestChooseByShortOfTime: a decision due at once still looks two rolls
// ahead on the best two candidates and plays a legal play, never one the
// 2-ply of those two would not; with time enough it is Choose's.
func TestChooseByShortOfTime(t *testing.T) {
	set := loadJudged(t)
	net, err := ShippedNet()
	if err != nil {
		t.Fatal(err)
	}
	pl := NewPlayer(net, rules.Standard, rules.WithKoks, Master)
	ply2Cost.Store(int64(time.Hour)) // as on a machine so slow that nothing fits
	defer ply2Cost.Store(0)
	n := 0
	for i := 0; i < len(set) && n < 8; i += 37 {
		jp := set[i]
		plays, results := rules.LegalPlays(jp.Pos, jp.Dice, rules.Standard)
		if len(plays) < 2 {
			continue
		}
		n++
		_, got, ok := pl.ChooseBy(jp.Pos, jp.Dice, false, 1, time.Now().Add(-time.Second))
		if !ok {
			t.Fatalf("%s: no play", jp.ID)
		}
		// The two best after the 1-ply, judged at 2-ply.
		st := pl.style()
		e := pl.Eval.withKeep(st.pruneKeep)
		var s scratch
		cs := []candidate{}
		for i, eq := range e.ply0(&jp.Pos, results, &s, nil) {
			cs = append(cs, candidate{i, eq})
		}
		cs = filter(cs, st.keep1, st.window1)
		for k := range cs {
			cs[k].eq = e.ply1(&results[cs[k].i], &s)
		}
		cs = filter(cs, 2, st.window2)
		for k := range cs {
			cs[k].eq = e.ply2(&results[cs[k].i], &s)
		}
		if want := results[filter(cs, 1, 0)[0].i]; got != want {
			t.Errorf("%s: played %s, the 2-ply of the best two plays %s", jp.ID, got.PositionID(), want.PositionID())
		}
		exact := *pl
		exact.Exact = true
		_, a, _ := exact.ChooseBy(jp.Pos, jp.Dice, false, 1, time.Now().Add(-time.Second))
		_, b, _ := exact.Choose(jp.Pos, jp.Dice, false, 1)
		if a != b {
			t.Errorf("%s: with Exact the stop changed the choice", jp.ID)
		}
	}
}
