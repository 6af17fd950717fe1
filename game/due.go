package game

import "time"

// DueKind names something that should happen to a game without a player's
// tap.
type DueKind uint8

// The kinds of due actions.
const (
	// DueNone: nothing is due.
	DueNone DueKind = iota
	// DueComputer: the computer is to decide (its play, its cube, or its
	// answer to a double) and should now.
	DueComputer
	// DuePass: the roll has no legal play; Pass once it has been shown.
	DuePass
	// DueForced: a person's roll allows exactly one play (see Forced);
	// make it once the roll has been shown.
	DueForced
	// DueTimeout: the player on turn runs out of time: MarkTimedOut, and
	// offer the opponent the claim.
	DueTimeout
	// DueNext: a game of a match is over and the match is not; the next
	// game begins (NextGame) once the result has been shown a while.
	DueNext
)

var dueNames = [...]string{"", "computer", "pass", "forced", "timeout", "next"}

// String names the kind ("" for DueNone).
func (k DueKind) String() string {
	if int(k) < len(dueNames) {
		return dueNames[k]
	}
	return "unknown"
}

// ParseDueKind reads a name written by String.
func ParseDueKind(s string) DueKind {
	for i, n := range dueNames {
		if n == s {
			return DueKind(i)
		}
	}
	return DueNone
}

// Due is the next action owed to a game and when it falls due.
type Due struct {
	Kind DueKind
	At   time.Time
}

// Due returns the action the game waits for that no player will tap, and
// false when there is none: the computer's play (due at once), the pass of
// a roll with no legal play or a person's forced play (due delay after the
// roll, so that players see it), or the timeout of the seat on turn (due
// at its Deadline), or in a match the next game (NextGamePause after the
// end of the last). A scheduler that keeps the time of the next due action
// can also finish, after a restart, what the bot had left undone.
func (g *Game) Due(delay time.Duration) (Due, bool) {
	start := g.clock.TurnStarted
	switch {
	case g.phase == PhaseOver && !g.Done():
		return Due{DueNext, g.finished.Add(NextGamePause)}, true
	case g.phase == PhaseOver:
		return Due{}, false
	case g.phase == PhaseNoMoves:
		return Due{DuePass, start.Add(delay)}, true
	case g.players[g.Decider()].IsComputer():
		return Due{DueComputer, start}, true
	}
	if _, ok := g.Forced(); ok {
		return Due{DueForced, start.Add(delay)}, true
	}
	if at, ok := g.Deadline(); ok {
		return Due{DueTimeout, at}, true
	}
	return Due{}, false
}
