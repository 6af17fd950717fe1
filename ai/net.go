package ai

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"slices"

	"nardi/ai/internal/nn"
	"nardi/rules"
)

// The network's outputs, all for the player on roll.
const (
	OutWin      = iota // wins the game
	OutWinMars         // wins a mars (gammon) or better
	OutWinKoks         // wins a koks (backgammon)
	OutLoseMars        // loses a mars or worse
	OutLoseKoks        // loses a koks
	NumOutputs
)

// Net is a network of one hidden layer of sigmoid units and sigmoid
// outputs. Its weights do not change while it evaluates, so one Net serves
// many goroutines; training changes them and must not overlap evaluation.
type Net struct {
	Inputs int // size of the input vector, fixed by the encoding it was trained on
	Hidden int
	Games  int64     // self-play games trained so far
	W1     []float32 // input-major: W1[i*Hidden+h]
	B1     []float32
	W2     []float32 // output-major: W2[o*Hidden+h]
	B2     []float32
	// pruner, when set, ranks plays for the searches (see bestPlay).
	pruner *Net
	// race, when set, evaluates the positions without contact; late those
	// with contact where a side is near home (see forPos).
	race, late *Net
	// cube, when set, is the network whose chances decide the cube (see
	// Evaluator.Cube); the race network serves it too.
	cube *Net
}

// NewNet returns a network of the inputs and hidden units with small
// random weights drawn from seed.
func NewNet(inputs, hidden int, seed uint64) *Net {
	rng := rand.New(rand.NewPCG(seed, 0x6e61726469))
	n := &Net{
		Inputs: inputs,
		Hidden: hidden,
		W1:     make([]float32, inputs*hidden),
		B1:     make([]float32, hidden),
		W2:     make([]float32, NumOutputs*hidden),
		B2:     make([]float32, NumOutputs),
	}
	for i := range n.W1 {
		n.W1[i] = float32(rng.Float64()*0.2 - 0.1)
	}
	for i := range n.W2 {
		n.W2[i] = float32(rng.Float64()*0.2 - 0.1)
	}
	return n
}

// activations is the scratch of one forward pass.
type activations struct {
	hidden []float32
	out    [NumOutputs]float32
	rows   rowList  // forwardNear's changes to its base's sums
	f      features // the inputs of a whole pass beside a base (a race result)
}

// forward runs the network on the inputs.
func (n *Net) forward(f *features, a *activations) {
	if len(a.hidden) != n.Hidden {
		a.hidden = make([]float32, n.Hidden)
	}
	nn.AddRows(a.hidden, n.B1, n.W1, f.rows[:f.n], f.vals[:f.n])
	n.finish(a)
}

// finish applies the hidden layer's sigmoid to the sums in a.hidden and
// computes the outputs.
func (n *Net) finish(a *activations) { nn.Finish(a.hidden, n.W2, n.B2, &a.out) }

const netMagic = "NARDINET1"

// errNetInputs is the error of a network trained on another encoding.
var errNetInputs = errors.New("ai: the network's inputs do not fit this encoding")

// MarshalBinary writes the network: a magic string, the sizes, the games
// trained, then every weight as little-endian float32.
func (n *Net) MarshalBinary() ([]byte, error) {
	var b bytes.Buffer
	b.WriteString(netMagic)
	hdr := []int64{int64(n.Inputs), int64(n.Hidden), NumOutputs, n.Games}
	if err := binary.Write(&b, binary.LittleEndian, hdr); err != nil {
		return nil, err
	}
	for _, w := range [][]float32{n.W1, n.B1, n.W2, n.B2} {
		if err := binary.Write(&b, binary.LittleEndian, w); err != nil {
			return nil, err
		}
	}
	return b.Bytes(), nil
}

// UnmarshalBinary reads what MarshalBinary wrote.
func (n *Net) UnmarshalBinary(data []byte) error {
	r := bytes.NewReader(data)
	magic := make([]byte, len(netMagic))
	if _, err := io.ReadFull(r, magic); err != nil || string(magic) != netMagic {
		return errors.New("ai: not a network file")
	}
	var hdr [4]int64
	if err := binary.Read(r, binary.LittleEndian, &hdr); err != nil {
		return fmt.Errorf("ai: network header: %w", err)
	}
	if hdr[0] <= 0 || hdr[0] > maxInputs || hdr[2] != NumOutputs || hdr[1] <= 0 || hdr[1] > 4096 {
		return fmt.Errorf("ai: network of %d inputs, %d hidden, %d outputs does not fit this program", hdr[0], hdr[1], hdr[2])
	}
	in, h := int(hdr[0]), int(hdr[1])
	*n = Net{Inputs: in, Hidden: h, Games: hdr[3],
		W1: make([]float32, in*h), B1: make([]float32, h),
		W2: make([]float32, NumOutputs*h), B2: make([]float32, NumOutputs)}
	for _, w := range [][]float32{n.W1, n.B1, n.W2, n.B2} {
		if err := binary.Read(r, binary.LittleEndian, w); err != nil {
			return fmt.Errorf("ai: network weights: %w", err)
		}
	}
	if r.Len() != 0 {
		return errors.New("ai: trailing bytes after the network")
	}
	return nil
}

// SetPruner gives the network a pruner for its searches (see bestPlay): a
// small network of the raw inputs trained on this network's judgement.
func (n *Net) SetPruner(p *Net) error {
	if p.Inputs != NumInputs {
		return fmt.Errorf("the pruner: %w", errNetInputs)
	}
	n.pruner = p
	return nil
}

// SetRace gives the network a second one, of the same inputs, for the
// positions where contact is broken (nardi-lab train --race).
func (n *Net) SetRace(r *Net) error {
	if r.Inputs != n.Inputs || r.race != nil || r.late != nil {
		return fmt.Errorf("the race network: %w", errNetInputs)
	}
	n.race = r
	return nil
}

// SetCube gives the network another one, for the cube's decisions: a
// network taught the values of positions, where this one is taught the
// order of the plays as well. One of fewer inputs is widened to this
// one's (it reads the others as 0), and the race network, when set,
// judges the races for it too.
func (n *Net) SetCube(c *Net) error {
	w := c.Widen(n.Inputs)
	if c.Inputs > n.Inputs || !w.shortEncoding() || c.race != nil || c.late != nil || c.cube != nil {
		return fmt.Errorf("the cube's network: %w", errNetInputs)
	}
	n.cube = w
	return nil
}

// SetLate gives the network another one, of the same inputs, for the late
// positions with contact (see isLate; nardi-lab train --late).
func (n *Net) SetLate(l *Net) error {
	if l.Inputs != n.Inputs || l.late != nil {
		return fmt.Errorf("the late network: %w", errNetInputs)
	}
	n.late = l
	return nil
}

// latePips is the pip count under which a side is near home: a position
// with contact where a side has fewer is late.
const latePips = 90

// isLate tells whether a position with contact is late.
func isLate(p *rules.Position) bool {
	mine, theirs := p.Pips()
	return min(mine, theirs) < latePips
}

// forPos returns the network that evaluates p: the race network when n has
// one and p has no contact, the late network when n has one and p is late,
// else n.
func (n *Net) forPos(p *rules.Position) *Net {
	if n.race == nil && n.late == nil {
		return n
	}
	if !contact(p) {
		if n.race != nil {
			return n.race
		}
		return n
	}
	if n.late != nil && isLate(p) {
		return n.late
	}
	return n
}

// Widen returns a copy of the network with inputs inputs (at least its
// own): the new inputs come last with zero weights, so the copy evaluates
// every position as the original does until training teaches it to use
// them.
func (n *Net) Widen(inputs int) *Net {
	w := *n
	w.pruner, w.race, w.late, w.cube = nil, nil, nil, nil // they go with this network, not the copy
	w.Inputs = max(inputs, n.Inputs)
	w.W1 = make([]float32, w.Inputs*n.Hidden)
	copy(w.W1, n.W1)
	w.B1, w.W2, w.B2 = slices.Clone(n.B1), slices.Clone(n.W2), slices.Clone(n.B2)
	return &w
}
