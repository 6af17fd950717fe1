// Package rating is the FIBS rating formula: every person starts at 1500;
// after a game or match of length n (1 for a single game) the winner
// gains what the loser loses, 4·√n times the chance the result had of
// going the other way, where the underdog's chance of winning is
// 1 / (10^(D·√n/2000) + 1) for a rating difference D. A player with less
// than 400 points of experience (the sum of the lengths played) moves
// faster, by the factor max(1, 5 − experience/100).
package rating

import "math"

// Start is a new player's rating.
const Start = 1500.0

// The computer's ratings by level, fixed: it is rated against, never
// rated.
var computer = map[string]float64{"beginner": 1300, "club": 1550, "master": 1800, "grandmaster": 1900}

// Computer returns the fixed rating of the computer at a level.
func Computer(level string) float64 {
	if r, ok := computer[level]; ok {
		return r
	}
	return Start
}

// WinChance is the chance that a player rated a beats one rated b over a
// length of n points.
func WinChance(a, b float64, n int) float64 {
	n = max(n, 1)
	return 1 / (math.Pow(10, (b-a)*math.Sqrt(float64(n))/2000) + 1)
}

// Change is what the winner gains and the loser loses after a game or
// match of n points between players rated winner and loser, with their
// experience (the sum of lengths played before it).
func Change(winner, loser float64, winnerExp, loserExp, n int) (gain, loss float64) {
	n = max(n, 1)
	base := 4 * math.Sqrt(float64(n)) * (1 - WinChance(winner, loser, n))
	return base * factor(winnerExp), base * factor(loserExp)
}

// factor speeds up the ratings of new players.
func factor(exp int) float64 {
	if exp >= 400 {
		return 1
	}
	return max(1, 5-float64(exp)/100)
}
