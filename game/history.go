package game

import (
	"strings"

	"nardi/rules"
)

// TurnRecord is one completed turn of the history: who moved, the roll and
// the steps in the order made, in the mover's own numbering. A pass (a
// roll with no legal play) has no steps.
type TurnRecord struct {
	Seat  Seat       `json:"seat"`
	Dice  rules.Dice `json:"dice"`
	Steps Steps      `json:"steps,omitempty"`
	// Forced tells that the roll allowed this play only.
	Forced bool `json:"forced,omitempty"`
	// Auto is how many of the last steps the game made by itself, as the
	// only way left to finish the turn (FinishAlone).
	Auto int `json:"auto,omitempty"`
}

// Pass tells whether the roll could not be played.
func (r TurnRecord) Pass() bool { return len(r.Steps) == 0 }

// Play returns the steps as a rules.Play.
func (r TurnRecord) Play() rules.Play {
	var pl rules.Play
	for _, s := range r.Steps {
		if int(pl.N) < len(pl.Steps) {
			pl.Steps[pl.N] = s
			pl.N++
		}
	}
	return pl
}

// Notation writes the play in standard notation ("24/18 13/9*"), from the
// mover's numbering; "" for a pass.
func (r TurnRecord) Notation() string { return r.Play().String() }

// Steps is a list of single checker steps. As text it is the steps in the
// order made, each as rules.Step writes it, separated by spaces:
// "24/18* 18/13 bar/22 6/off".
type Steps []rules.Step

// String writes the steps as text.
func (ss Steps) String() string {
	parts := make([]string, len(ss))
	for i, s := range ss {
		parts[i] = s.String()
	}
	return strings.Join(parts, " ")
}

// MarshalText writes the steps as text.
func (ss Steps) MarshalText() ([]byte, error) { return []byte(ss.String()), nil }

// UnmarshalText reads steps written by MarshalText; "" gives nil.
func (ss *Steps) UnmarshalText(b []byte) error {
	fields := strings.Fields(string(b))
	if len(fields) == 0 {
		*ss = nil
		return nil
	}
	out := make(Steps, 0, len(fields))
	for _, f := range fields {
		s, err := rules.ParseStep(f)
		if err != nil {
			return err
		}
		out = append(out, s)
	}
	*ss = out
	return nil
}
