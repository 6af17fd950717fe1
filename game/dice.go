package game

import "crypto/rand"

// Roller throws one die: Roll returns 1..6. A game asks its Roller for the
// opening roll and for each turn's two dice.
type Roller interface {
	Roll() int
}

// RollerFunc adapts a function to a Roller, as a deterministic source in
// tests.
type RollerFunc func() int

// Roll calls f.
func (f RollerFunc) Roll() int { return f() }

// CryptoRoller returns a Roller drawing from crypto/rand, so that the dice
// are fair beyond doubt and cannot be predicted. It is safe for concurrent
// use; games use it unless given another Roller.
func CryptoRoller() Roller { return cryptoRoller{} }

type cryptoRoller struct{}

// Roll draws bytes until one falls below 252, the largest multiple of 6
// that fits a byte, so every face is exactly equally likely.
func (cryptoRoller) Roll() int {
	var b [8]byte
	for {
		rand.Read(b[:]) // never fails (it crashes the program instead)
		for _, x := range b {
			if x < 252 {
				return int(x%6) + 1
			}
		}
	}
}
