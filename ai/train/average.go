package train

import (
	"errors"
	"fmt"

	"nardi/ai"
)

// Average returns the network whose every weight is the mean of the
// networks' (checkpoints of one run: the mean of a run's last checkpoints
// judges better than any one of them, as self-play's noisy updates
// cancel). All must have the same shape; the result counts the last one's
// games.
func Average(nets ...*ai.Net) (*ai.Net, error) {
	if len(nets) == 0 {
		return nil, errors.New("no networks to average")
	}
	a := ai.NewNet(nets[0].Inputs, nets[0].Hidden, 0)
	a.Games = nets[len(nets)-1].Games
	for _, w := range [][]float32{a.W1, a.B1, a.W2, a.B2} {
		clear(w)
	}
	for _, n := range nets {
		if n.Inputs != a.Inputs || n.Hidden != a.Hidden {
			return nil, fmt.Errorf("cannot average a %dx%d network with a %dx%d one", n.Inputs, n.Hidden, a.Inputs, a.Hidden)
		}
		for k, w := range [][]float32{a.W1, a.B1, a.W2, a.B2} {
			src := [][]float32{n.W1, n.B1, n.W2, n.B2}[k]
			for i := range w {
				w[i] += src[i] / float32(len(nets))
			}
		}
	}
	return a, nil
}
