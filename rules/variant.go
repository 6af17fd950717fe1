package rules

import (
	"fmt"
	"strings"
)

// Variant is a kind of game played on the nardi board: where the checkers
// start, how the two sides' points face each other, which plays a roll
// allows, and what a won game is worth. Short nardi (Short) is the one the
// bot plays today; long nardi (Long) is the second. A new kind of game is
// a new type that implements Variant in a file of its own, plus one line
// in variants.
//
// Every Position a Variant takes or returns is seen from the player on
// roll, each side's points in its own numbering (1..24, Bar, Off).
type Variant interface {
	// Name is how the variant is written in storage and typed in
	// commands: "short", "long".
	Name() string
	// Start returns the position every game of the variant begins from.
	Start() Position
	// Facing returns the opponent's number of the mover's point i
	// (1..24): the board's geometry.
	Facing(i int) int
	// NewTurn lists the legal plays of a roll under a rule set, for the
	// step-by-step API. first tells that this is the mover's first turn
	// of the game; only long nardi looks at it (its head rule).
	NewTurn(p Position, d Dice, rs RuleSet, first bool) *Turn
	// Value returns what a game is worth to the mover who has just borne
	// off the last checker (p is the position right after that play),
	// under the scoring: oin, mars, koks. It is 0 while p is not won.
	Value(p Position, s Scoring) int
}

// variants lists every variant, the default first.
var variants = [...]Variant{Short, Long}

// Variants returns every variant, the default first.
func Variants() []Variant { return variants[:] }

// ParseVariant reads a variant's name ("" is the default, Short).
func ParseVariant(name string) (Variant, error) {
	if name == "" {
		return variants[0], nil
	}
	var names []string
	for _, v := range variants {
		if v.Name() == name {
			return v, nil
		}
		names = append(names, v.Name())
	}
	return nil, fmt.Errorf("unknown variant %q (want %s)", name, strings.Join(names, " or "))
}

// Short is short nardi, the game of backgammon's board and start: 2-5-3-5
// set-up, the sides moving towards each other, hits and the bar.
var Short Variant = short{}

// short implements Short with the package's move generator.
type short struct{}

func (short) Name() string     { return "short" }
func (short) Start() Position  { return Start() }
func (short) Facing(i int) int { return 25 - i }
func (short) NewTurn(p Position, d Dice, rs RuleSet, _ bool) *Turn {
	return NewTurn(p, d, rs)
}
func (short) Value(p Position, s Scoring) int { return p.Value(s) }

// Scoring tells what a won game is worth.
type Scoring uint8

// The scorings.
const (
	// OinMars: oin 1, mars 2; a mars left with checkers in the winner's
	// home is still a mars. Short nardi as the bot plays it by default.
	OinMars Scoring = iota
	// WithKoks: oin 1, mars 2, koks 3. The classic game, and backgammon
	// as GNU Backgammon scores it (a backgammon is a koks).
	WithKoks
)

var scoringNames = [...]string{OinMars: "mars", WithKoks: "koks"}

// String returns "mars" or "koks": the highest value a game may have.
func (s Scoring) String() string {
	if int(s) < len(scoringNames) {
		return scoringNames[s]
	}
	return fmt.Sprintf("scoring(%d)", uint8(s))
}

// ParseScoring reads "mars" or "koks"; "" is OinMars. The names an earlier
// version stored ("short" for OinMars, "classic" for WithKoks) are read
// too.
func ParseScoring(s string) (Scoring, error) {
	switch s {
	case "", "mars", "short":
		return OinMars, nil
	case "koks", "classic":
		return WithKoks, nil
	}
	return OinMars, fmt.Errorf("unknown scoring %q (want mars or koks)", s)
}

// MarshalText writes the scoring's name.
func (s Scoring) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// UnmarshalText reads a scoring's name.
func (s *Scoring) UnmarshalText(b []byte) error {
	v, err := ParseScoring(string(b))
	if err != nil {
		return err
	}
	*s = v
	return nil
}
