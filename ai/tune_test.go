package ai

import (
	"math/rand/v2"
	"testing"

	"nardi/rules"
)

// TestTune: a tuned player plays its tuned style. Master kept to its best
// play at 0-ply chooses as the network alone does, and otherwise than
// master; its own settings given again leave its style as the level's
// (and so all its choices, which depend only on the style, the position,
// the roll and the seed); bad specs are refused and leave the player as
// it was.
func TestTune(t *testing.T) {
	t.Parallel()
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
	hard, greedy, alone := player(Master, ""), player(Master, "keep1=1"), player(NetAlone, "")
	if same := player(Master, "keepR=2, windowR=0.05,trials=72,depth=4"); same.style() != hard.style() {
		t.Errorf("master tuned to its own settings plays %+v, not its level's %+v", same.style(), hard.style())
	}
	// The game goes on by the network's choices; master, whose search is
	// slow, is asked until it first chooses otherwise.
	rng := rand.New(rand.NewPCG(7, 5)) // dice on which master soon chooses otherwise
	p, apart := rules.Start(), -1
	for turn := 0; turn < 16; turn++ {
		d := rules.Dice{1 + rng.IntN(6), 1 + rng.IntN(6)}
		_, ra, ok := alone.Choose(p, d, false, 1)
		if !ok {
			p = p.Swap()
			continue
		}
		_, rg, _ := greedy.Choose(p, d, false, 1)
		if rg != ra {
			t.Errorf("%s %v: master tuned keep1=1 chose otherwise than the network alone", p.PositionID(), d)
		}
		if apart < 0 {
			if _, rh, _ := hard.Choose(p, d, false, 1); rg != rh {
				apart = turn
			}
		}
		if ra.Won() {
			break
		}
		p = ra.Swap()
	}
	if apart < 0 {
		t.Error("master and master tuned to its 0-ply best never chose apart in 16 turns")
	}
	t.Logf("master and master tuned keep1=1 first chose apart at turn %d", apart)
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
