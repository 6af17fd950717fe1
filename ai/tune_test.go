package ai

import (
	"math/rand/v2"
	"testing"

	"nardi/rules"
)

// TestTune: a tuned player plays its tuned style. Master kept to its best
// play at 0-ply chooses as the network alone does; its own settings
// given again change none of its choices; bad specs are refused and
// leave the player as it was.
func TestTune(t *testing.T) {
	net, err := ShippedNet()
	if err != nil {
		t.Fatal(err)
	}
	player := func(l Level, spec string) *Player {
		pl := NewPlayer(net, rules.Standard, rules.WithKoks, l)
		pl.Exact = true
		if spec != "" {
			if err := pl.Tune(spec); err != nil {
				t.Fatal(err)
			}
		}
		return pl
	}
	hard, greedy, same, alone := player(Master, ""), player(Master, "keep1=1"), player(Master, "keepR=2, windowR=0.05,trials=72,depth=4"), player(NetAlone, "")
	rng := rand.New(rand.NewPCG(3, 5))
	p, apart := rules.Start(), 0
	for turn := 0; turn < 16; turn++ {
		d := rules.Dice{1 + rng.IntN(6), 1 + rng.IntN(6)}
		_, rh, ok := hard.Choose(p, d, false, 1)
		if !ok {
			p = p.Swap()
			continue
		}
		_, rg, _ := greedy.Choose(p, d, false, 1)
		if _, ra, _ := alone.Choose(p, d, false, 1); rg != ra {
			t.Errorf("%s %v: master tuned keep1=1 chose otherwise than the network alone", p.PositionID(), d)
		}
		if _, r, _ := same.Choose(p, d, false, 1); r != rh {
			t.Errorf("%s %v: master tuned to its own settings chose otherwise", p.PositionID(), d)
		}
		if rg != rh {
			apart++
		}
		if rh.Won() {
			break
		}
		p = rh.Swap()
	}
	if apart == 0 {
		t.Error("master and master tuned to its 0-ply best never chose apart in 16 turns")
	}
	pl := player(Grandmaster, "")
	for _, bad := range []string{"nope=1", "trials", "trials=-1", "windowR=x", "keep1=0", "depth=1", "share=1.5"} {
		if err := pl.Tune(bad); err == nil {
			t.Errorf("Tune(%q) was accepted", bad)
		}
	}
	if pl.tuned != nil {
		t.Error("a refused Tune changed the player")
	}
	if err := player(Club, "").Tune("trials=1"); err == nil {
		t.Error("club, which does not search, was tuned")
	}
}
