package game

import "errors"

// Code tells what kind of action a game refused, so that a user interface
// can explain it in the user's language.
type Code uint8

// The codes of Error. The zero Code means no game error.
const (
	// ErrNotAPlayer: the seat is not 0 or 1.
	ErrNotAPlayer Code = iota + 1
	// ErrStale: the action was meant for an earlier state of the game (its
	// move counter differs), as after a double tap or a tap on an old board.
	ErrStale
	// ErrGameOver: the game has ended.
	ErrGameOver
	// ErrNotYourTurn: the seat is not on turn.
	ErrNotYourTurn
	// ErrIllegalStep: the step or play is not legal now, or the turn is
	// already complete and waits for its confirmation.
	ErrIllegalStep
	// ErrNothingToUndo: no step of the current turn is left to take back.
	ErrNothingToUndo
	// ErrNotComplete: Confirm before a whole play has been made.
	ErrNotComplete
	// ErrCannotPass: Pass while the roll can be played.
	ErrCannotPass
	// ErrNotTimedOut: a timeout claim while the opponent still has time,
	// or a timeout mark before the time is up.
	ErrNotTimedOut
	// ErrBadOptions: a new game's options or players are not valid.
	ErrBadOptions
	// ErrClaimOnTurn: a timeout claim by the seat on turn; only its
	// opponent may claim.
	ErrClaimOnTurn
	// ErrNoCubeAction: a double, take, drop or roll that the game does not
	// wait for now.
	ErrNoCubeAction
	// ErrNotOver: the next game of a match while the current one goes on.
	ErrNotOver
)

var codeNames = [...]string{
	ErrNotAPlayer:    "not a player",
	ErrStale:         "stale action",
	ErrGameOver:      "game over",
	ErrNotYourTurn:   "not your turn",
	ErrIllegalStep:   "illegal step",
	ErrNothingToUndo: "nothing to undo",
	ErrNotComplete:   "play not complete",
	ErrCannotPass:    "cannot pass",
	ErrNotTimedOut:   "not timed out",
	ErrBadOptions:    "bad options",
	ErrClaimOnTurn:   "claim by the seat on turn",
	ErrNoCubeAction:  "no cube action now",
	ErrNotOver:       "the game goes on",
}

// String names the code in English, for logs.
func (c Code) String() string {
	if int(c) < len(codeNames) && codeNames[c] != "" {
		return codeNames[c]
	}
	return "no error"
}

// Error is the error every refused game action returns.
type Error struct {
	Code Code
	// Detail says more, for logs; it is not meant for users.
	Detail string
}

// Error writes the code and the detail.
func (e *Error) Error() string {
	if e.Detail == "" {
		return "game: " + e.Code.String()
	}
	return "game: " + e.Code.String() + ": " + e.Detail
}

// Is makes errors.Is(err, &Error{Code: c}) true for any *Error with code c.
func (e *Error) Is(target error) bool {
	t, ok := target.(*Error)
	return ok && t.Code == e.Code && (t.Detail == "" || t.Detail == e.Detail)
}

// CodeOf returns the code of a game error anywhere in err's chain, or 0.
func CodeOf(err error) Code {
	var e *Error
	if errors.As(err, &e) {
		return e.Code
	}
	return 0
}

// fail builds an *Error.
func fail(c Code, detail string) error { return &Error{Code: c, Detail: detail} }
