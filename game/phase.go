package game

import "fmt"

// Phase is where the game stands.
type Phase uint8

// The phases. Each turn begins with the dice already rolled, in
// PhaseMoving, or in PhaseNoMoves when the roll cannot be played.
const (
	// PhaseMoving: the player on turn is entering the play step by step.
	PhaseMoving Phase = iota
	// PhaseComplete: a whole play has been made and waits for Confirm (or
	// Undo); only with confirmation on.
	PhaseComplete
	// PhaseNoMoves: the roll has no legal play; the turn waits for Pass.
	PhaseNoMoves
	// PhaseOver: the game has ended; see Result.
	PhaseOver
	// PhaseCube: before the roll, the player on turn may double (Double)
	// or roll (Roll); with the cube only.
	PhaseCube
	// PhaseDoubled: the player on turn has doubled; the opponent takes or
	// drops.
	PhaseDoubled
)

var phaseNames = [...]string{"moving", "complete", "nomoves", "over", "cube", "doubled"}

// String names the phase.
func (p Phase) String() string {
	if int(p) < len(phaseNames) {
		return phaseNames[p]
	}
	return fmt.Sprintf("phase(%d)", uint8(p))
}

// MarshalText writes the phase's name.
func (p Phase) MarshalText() ([]byte, error) {
	if int(p) >= len(phaseNames) {
		return nil, fmt.Errorf("unknown phase %d", uint8(p))
	}
	return []byte(p.String()), nil
}

// UnmarshalText reads a phase's name.
func (p *Phase) UnmarshalText(b []byte) error {
	for i, n := range phaseNames {
		if n == string(b) {
			*p = Phase(i)
			return nil
		}
	}
	return fmt.Errorf("unknown phase %q", b)
}

// Reason tells how a game ended.
type Reason uint8

// The ways a game ends. The zero Reason means the game goes on.
const (
	// ReasonOin: the winner bore off all checkers, the loser at least one.
	ReasonOin Reason = iota + 1
	// ReasonMars: the winner bore off all checkers, the loser none.
	ReasonMars
	// ReasonKoks: a mars with a loser's checker still on the bar or in the
	// winner's home; only in the classic variant.
	ReasonKoks
	// ReasonResign: the loser resigned.
	ReasonResign
	// ReasonTimeout: the loser's reserve ran out and the winner claimed.
	ReasonTimeout
	// ReasonDrop: the loser refused the cube.
	ReasonDrop
)

var reasonNames = [...]string{"", "oin", "mars", "koks", "resign", "timeout", "drop"}

// String names the reason.
func (r Reason) String() string {
	if int(r) < len(reasonNames) && r != 0 {
		return reasonNames[r]
	}
	return fmt.Sprintf("reason(%d)", uint8(r))
}

// MarshalText writes the reason's name.
func (r Reason) MarshalText() ([]byte, error) {
	if r == 0 || int(r) >= len(reasonNames) {
		return nil, fmt.Errorf("unknown reason %d", uint8(r))
	}
	return []byte(r.String()), nil
}

// UnmarshalText reads a reason's name.
func (r *Reason) UnmarshalText(b []byte) error {
	return r.parse(string(b))
}

// ParseReason reads a reason's name ("oin", "mars", "koks", "resign",
// "timeout").
func ParseReason(s string) (Reason, error) {
	var r Reason
	err := r.parse(s)
	return r, err
}

func (r *Reason) parse(s string) error {
	for i, n := range reasonNames {
		if i > 0 && n == s {
			*r = Reason(i)
			return nil
		}
	}
	return fmt.Errorf("unknown reason %q", s)
}

// Result is how a game ended.
type Result struct {
	// Winner is the seat that won.
	Winner Seat `json:"winner"`
	// Reason tells how.
	Reason Reason `json:"reason"`
	// Value is what the game is worth by the rules: oin 1, mars 2, koks 3,
	// a resignation per rules.ResignValue, a timeout rules.TimeoutValue.
	Value int `json:"value"`
	// Points is what the winner scores: Value times the cube's value.
	Points int `json:"points"`
	// Forfeit: in a match, the loser gave up the whole match (ran out of
	// time), which the winner takes whatever the score.
	Forfeit bool `json:"forfeit,omitempty"`
	// Jacoby, when not zero, is the mars or koks the winner bore off to
	// that the Jacoby rule scored as an oin, the cube never turned.
	Jacoby Reason `json:"jacoby,omitempty"`
}

// Cube is the doubling cube: 1 and centred until a double is taken (see
// Double); without Options.Cube it stays so, and Points equal Value.
type Cube struct {
	// Value is what the game's value is multiplied by: 1, 2, 4, ...
	Value int `json:"value"`
	// Owner is the seat that may double next, or NoSeat while centred.
	Owner Seat `json:"owner"`
}

// centredCube is the cube at the start of a game.
var centredCube = Cube{Value: 1, Owner: NoSeat}
