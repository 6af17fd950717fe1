// Package rules knows every rule of short nardi (and of backgammon as GNU
// Backgammon plays it): the position, the legal plays for a roll, their
// notation, the end of a game and its value, and gnubg's Position and Match
// IDs. It has no I/O and no global mutable state.
//
// The kind of game is a Variant (variant.go): its start position, how the
// two sides' points face each other, its legal plays and what a won game
// is worth under a Scoring. Short nardi (Short) is the one built on this
// package's generator (Generator); long nardi (Long, long.go) has its own
// (LongGenerator). A further game goes in files of its own implementing
// Variant, and one line in the variants list, while the rest of the
// program asks the game's Options for its Variant. Position.Apply,
// Position.Validate, ParsePositionID, ParsePlay and Position.String are
// short nardi's; Turn.PositionAfter, ValidateFor and ParsePositionIDFor
// serve every variant.
package rules

import "fmt"

// Special indices into a side's checker array.
const (
	// Off is the index of the checkers a side has borne off.
	Off = 0
	// Bar is the index of the checkers a side has on the bar.
	Bar = 25
	// Checkers is how many checkers each side has.
	Checkers = 15
	// Points is the number of points on the board.
	Points = 24
)

// Position is a board seen from the player on roll.
//
// Mine and Theirs count checkers by point number as each side itself numbers
// them: index 1..24 are the points (1 is the side's own ace point, deepest in
// its home), Bar (25) the bar and Off (0) the checkers borne off. In short
// nardi the point Mine[i] faces Theirs[25-i]; in general it faces
// Theirs[v.Facing(i)] for the Variant v.
type Position struct {
	Mine   [26]int8
	Theirs [26]int8
}

// Start returns the 2-5-3-5 starting position: for each side two checkers on
// its 24-point, five on 13, three on 8 and five on 6.
func Start() Position {
	var p Position
	for _, s := range []*[26]int8{&p.Mine, &p.Theirs} {
		s[24], s[13], s[8], s[6] = 2, 5, 3, 5
	}
	return p
}

// Swap returns the same position seen from the other side.
func (p Position) Swap() Position {
	return Position{Mine: p.Theirs, Theirs: p.Mine}
}

// Pips returns the pip counts of the player on roll and of the opponent: the
// sum over all checkers of the distance left to bear off.
func (p Position) Pips() (mine, theirs int) {
	for i := 1; i <= Bar; i++ {
		mine += i * int(p.Mine[i])
		theirs += i * int(p.Theirs[i])
	}
	return mine, theirs
}

// OnBoard returns how many of a side's checkers have not been borne off.
func onBoard(s *[26]int8) int {
	n := 0
	for i := 1; i <= Bar; i++ {
		n += int(s[i])
	}
	return n
}

// Validate reports whether the position is well formed in short nardi: 15
// checkers a side counted off, on points and on the bar, no counts below
// zero, and no point held by both sides (Mine[i] facing Theirs[25-i]).
// ValidateFor checks the positions of any variant.
func (p Position) Validate() error {
	if err := p.validateCounts(); err != nil {
		return err
	}
	for i := 1; i <= Points; i++ {
		if p.Mine[i] > 0 && p.Theirs[25-i] > 0 {
			return fmt.Errorf("point %d is held by both sides", i)
		}
	}
	return nil
}

// validateCounts checks that each side has 15 checkers and no count below
// zero.
func (p Position) validateCounts() error {
	for side, s := range []*[26]int8{&p.Mine, &p.Theirs} {
		total := 0
		for i := 0; i < 26; i++ {
			if s[i] < 0 {
				return fmt.Errorf("side %d has %d checkers at index %d", side, s[i], i)
			}
			total += int(s[i])
		}
		if total != Checkers {
			return fmt.Errorf("side %d has %d checkers, want %d", side, total, Checkers)
		}
	}
	return nil
}

// Normalize recomputes the borne-off counts from the checkers on the board
// and bar, so that each side totals 15 again.
func (p *Position) Normalize() {
	p.Mine[Off] = int8(Checkers - onBoard(&p.Mine))
	p.Theirs[Off] = int8(Checkers - onBoard(&p.Theirs))
}
