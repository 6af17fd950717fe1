package train

import (
	"context"
	"slices"
	"testing"

	"nardi/ai"
	"nardi/rules"
)

// pruneStatsOn ranks the plays of every k-th judged position by the
// network and by the pruner (standard rules, as the judge plays them).
func pruneStatsOn(t *testing.T, net, pruner *ai.Net, set []ai.JudgedPosition, k int) ai.PruneStats {
	t.Helper()
	e := teacher(net, rules.Standard)
	pe := teacher(pruner, rules.Standard)
	var st ai.PruneStats
	for i := 0; i < len(set); i += k {
		jp := set[i]
		_, results := rules.LegalPlays(jp.Pos, jp.Dice, rules.Standard)
		judged := slices.Clone(e.Ply0(&jp.Pos, results))
		st.Add(judged, pe.Ply0(&jp.Pos, results))
	}
	if st.Decisions == 0 {
		t.Fatal("no decisions to rank")
	}
	return st
}

// TestTrainPruner trains a small pruner on a few games twice: the runs
// must agree bit for bit, and the pruner must keep the network's best
// play on judged positions far more often than an untrained one does.
func TestTrainPruner(t *testing.T) {
	t.Parallel()
	net, err := ai.ShippedNet()
	if err != nil {
		t.Fatal(err)
	}
	cfg := PruneConfig{Teacher: net, Hidden: 8, Seed: 3, Games: 40, Alpha: 0.1, AlphaEnd: 0.02}
	a, err := TrainPruner(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	b, err := TrainPruner(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(a.W1, b.W1) || !slices.Equal(a.W2, b.W2) || !slices.Equal(a.B2, b.B2) {
		t.Error("two runs of the same training differ")
	}
	set := judgedSet(t)
	trained := pruneStatsOn(t, net, a, set, 10)
	fresh := pruneStatsOn(t, net, ai.NewNet(ai.NumInputs, 8, 3), set, 10)
	t.Logf("trained: %s; untrained: %s", trained, fresh)
	if trained.Found*10 < fresh.Found*12 || trained.Lost > fresh.Lost/2 {
		t.Errorf("trained pruner (%s) hardly better than an untrained one (%s)", trained, fresh)
	}
}
