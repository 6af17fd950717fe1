package rules

// Values of a won game.
const (
	Oin  = 1 // the loser has borne off at least one checker
	Mars = 2 // the loser has borne off none
	Koks = 3 // a mars with a loser's checker still on the bar or in the winner's home (counted under WithKoks only)
)

// Won tells whether the player on roll has borne off all 15 checkers. Call
// it on the position right after a play, still seen from the mover.
func (p Position) Won() bool { return p.Mine[Off] == Checkers }

// Value returns what the game is worth to the player on roll who has just
// borne off the last checker in short nardi: oin 1, mars 2, or, when the
// scoring counts koks, koks 3 if the opponent has borne off none and still
// has a checker on the bar or in the winner's home. It returns 0 while the
// game is not won.
func (p Position) Value(s Scoring) int {
	if !p.Won() {
		return 0
	}
	if p.Theirs[Off] > 0 {
		return Oin
	}
	if s == WithKoks {
		// The winner's home, points 1..6, is the loser's 19..24.
		for i := 19; i <= Bar; i++ {
			if p.Theirs[i] > 0 {
				return Koks
			}
		}
	}
	return Mars
}

// ResignValue returns what a resignation gives the opponent: 2 when the
// resigning side has borne off nothing, else 1.
func ResignValue(resignerOff int) int {
	if resignerOff == 0 {
		return Mars
	}
	return Oin
}

// TimeoutValue is what a player wins by claiming the game once the
// opponent's reserve clock has run out: a mars.
const TimeoutValue = Mars

// OpeningRoll throws one die for each player, again while they tie, as the
// game begins. die must return 1..6. It returns the player who starts (0 or
// 1) and the roll that player plays: both dice thrown.
func OpeningRoll(die func() int) (starter int, d Dice) {
	for {
		a, b := die(), die()
		if a == b {
			continue
		}
		if a > b {
			return 0, Dice{a, b}
		}
		return 1, Dice{b, a}
	}
}
