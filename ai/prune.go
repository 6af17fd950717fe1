package ai

import (
	"fmt"

	"nardi/ai/internal/nn"
)

// pruneKeep is how many plays, ranked by the pruner, the network itself
// judges when a search looks for the best play of a roll (unless a
// level's style asks for more: see Evaluator.withKeep).
const pruneKeep = 4

// pruneShare is how many of the pruner's evaluations a search's work
// counts as one of the network's.
const pruneShare = 4

// PruneStats tells how well a pruner ranks a roll's plays as its teacher
// does, as the searches use it: how often the teacher's best play is
// among the pruner's pruneKeep best, and the teacher's equity lost by
// playing the best of those. Loss and Samples, when the caller counts
// them, add a training's mean squared error.
type PruneStats struct {
	Loss      float64 // the squared errors' sum over Samples
	Samples   int
	Decisions int     // decisions of two plays or more
	Found     int     // those whose best play the pruner keeps
	Lost      float64 // the teacher's equity lost by playing the best of the pruner's kept plays
}

// Add counts one decision: the teacher's and the pruner's equities of its
// plays, in the same order.
func (st *PruneStats) Add(teacher, pruner []float64) {
	if len(teacher) < 2 {
		return
	}
	st.Decisions++
	best := nn.Argmax(teacher)
	kept := nn.TopIndices(pruner, pruneKeep, nil)
	pick := kept[0]
	for _, i := range kept {
		if i == best {
			st.Found++
		}
		if teacher[i] > teacher[pick] {
			pick = i
		}
	}
	st.Lost += teacher[best] - teacher[pick]
}

// String gives the mean squared error (when counted), the share of
// decisions whose best play is kept and the equity lost a decision.
func (st PruneStats) String() string {
	mse := ""
	if st.Samples > 0 {
		mse = fmt.Sprintf("mean squared error %.5f  ", st.Loss/float64(st.Samples))
	}
	return mse + fmt.Sprintf("best kept %.2f%%  equity lost %.5f a decision",
		100*float64(st.Found)/float64(max(1, st.Decisions)), st.Lost/float64(max(1, st.Decisions)))
}
