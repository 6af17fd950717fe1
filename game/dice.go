package game

// Roller throws one die: Roll returns 1..6. A game given a Roller (in
// tests) asks it for every die instead of throwing its verifiable dice
// (see FairThrow).
type Roller interface {
	Roll() int
}

// RollerFunc adapts a function to a Roller, as a deterministic source in
// tests.
type RollerFunc func() int

// Roll calls f.
func (f RollerFunc) Roll() int { return f() }
