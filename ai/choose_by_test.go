package ai

import (
	"slices"
	"testing"
	"time"

	"nardi/rules"
)

// TestChooseByShortOfTime: a decision due at once still looks two rolls
// ahead on the best two candidates and plays a legal play, never one the
// 2-ply of those two would not; with Exact the time it is due by is
// ignored and the decision is Choose's. That is seen on a position where
// Choose plays otherwise than the decision due at once (elsewhere the two
// agree whether that time is ignored or not): Choose's full search being
// slow, the positions are tried those of the fewest plays first until one
// is found.
func TestChooseByShortOfTime(t *testing.T) {
	set := loadJudged(t)
	net, err := ShippedNet()
	if err != nil {
		t.Fatal(err)
	}
	pl := NewPlayer(net, rules.Standard, rules.WithKoks, Master)
	ply2Cost.Store(int64(time.Hour)) // as on a machine so slow that nothing fits
	defer ply2Cost.Store(0)
	type decided struct {
		jp    JudgedPosition
		plays int
		got   rules.Position // the decision due at once
	}
	var ds []decided
	for i := 0; i < len(set) && len(ds) < 8; i += 37 {
		jp := set[i]
		plays, results := rules.LegalPlays(jp.Pos, jp.Dice, rules.Standard)
		if len(plays) < 2 {
			continue
		}
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
		ds = append(ds, decided{jp, len(plays), got})
	}
	slices.SortStableFunc(ds, func(a, b decided) int { return a.plays - b.plays })
	exact := *pl
	exact.Exact = true
	differ := false
	for _, d := range ds {
		_, full, _ := exact.Choose(d.jp.Pos, d.jp.Dice, false, 1)
		if differ = full != d.got; differ {
			if _, a, _ := exact.ChooseBy(d.jp.Pos, d.jp.Dice, false, 1, time.Now().Add(-time.Second)); a != full {
				t.Errorf("%s: with Exact the stop changed the choice", d.jp.ID)
			}
			break
		}
	}
	if !differ {
		t.Errorf("Choose played as the decision due at once on all %d positions: Exact is not seen to ignore the time due", len(ds))
	}
}
