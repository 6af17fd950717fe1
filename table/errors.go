package table

import (
	"errors"
	"fmt"

	"nardi/game"
	"nardi/store"
)

// Code tells why an action was refused, so that the adapter can explain it
// in the user's language (bot maps each code to a message in one table).
type Code uint8

// The codes of Error. The zero Code means no refusal.
const (
	// ErrInternal: something failed that the user cannot help.
	ErrInternal Code = iota + 1
	// ErrStale: the action was meant for an earlier state of the game, or
	// for a board message that has been replaced.
	ErrStale
	// ErrUnknown: no such game or challenge, or a button that means
	// nothing any more.
	ErrUnknown
	// ErrNotAPlayer: the person does not sit at this game.
	ErrNotAPlayer
	// ErrNotYourTurn: the player is not on turn.
	ErrNotYourTurn
	// ErrIllegal: the step or play is not legal now.
	ErrIllegal
	// ErrGameOver: the game has ended.
	ErrGameOver
	// ErrNothingToUndo: no step of the turn is left to take back.
	ErrNothingToUndo
	// ErrClaimNotYet: a timeout claim while the opponent still has time.
	ErrClaimNotYet
	// ErrClaimOnTurn: a timeout claim by the player on turn.
	ErrClaimOnTurn
	// ErrNotYours: a resignation question asked by the other player.
	ErrNotYours
	// ErrNoGame: the person has no game going in the chat.
	ErrNoGame
	// ErrInProgress: the person already has a game going in the chat.
	ErrInProgress
	// ErrPrivateOnly: a game against the computer asked for in a group.
	ErrPrivateOnly
	// ErrOwnChallenge: one's own challenge.
	ErrOwnChallenge
	// ErrForSomeoneElse: a challenge meant for another person.
	ErrForSomeoneElse
	// ErrChallengeExpired: a challenge past its time.
	ErrChallengeExpired
	// ErrChallengeGone: a challenge accepted or withdrawn already.
	ErrChallengeGone
	// ErrChallengerOnly: a challenge withdrawn by someone else than its
	// challenger.
	ErrChallengerOnly
	// ErrOpponentBusy: the challenger has a game going where the duel
	// would be played.
	ErrOpponentBusy
	// ErrChallengeOpen: the person has an open challenge in the chat.
	ErrChallengeOpen
	// ErrAlreadyPosted: the same command or tap made its challenge
	// already (an update handled again); nothing is to be said.
	ErrAlreadyPosted
	// ErrNoFinishedGame: a review before any game of the match has ended.
	ErrNoFinishedGame
	// ErrReviewBusy: a review asked for while the person's previous one
	// is still being made.
	ErrReviewBusy
	// ErrNotThisCard: an inline card's ⚔ tapped on a message other than
	// the card it came with (another person's, or another card).
	ErrNotThisCard
	// ErrTournamentOpen: the group has a tournament open or under way.
	ErrTournamentOpen
	// ErrTournamentStarted: a tournament joined, left or started once it
	// has begun.
	ErrTournamentStarted
	// ErrTournamentOver: a tournament finished or cancelled.
	ErrTournamentOver
	// ErrTournamentFull: a tournament with as many players as its format
	// takes.
	ErrTournamentFull
	// ErrAlreadyJoined: a tournament joined a second time.
	ErrAlreadyJoined
	// ErrNotJoined: a tournament left by someone not in it.
	ErrNotJoined
	// ErrHostOnly: a tournament started, cancelled or changed by someone
	// other than its host or the group's administrators.
	ErrHostOnly
	// ErrTooFewPlayers: a tournament started with fewer players than it
	// needs.
	ErrTooFewPlayers
	// ErrBadZone: a group's time zone not understood.
	ErrBadZone
)

var codeNames = [...]string{
	ErrInternal:          "internal error",
	ErrStale:             "stale",
	ErrUnknown:           "unknown",
	ErrNotAPlayer:        "not a player",
	ErrNotYourTurn:       "not your turn",
	ErrIllegal:           "illegal",
	ErrGameOver:          "game over",
	ErrNothingToUndo:     "nothing to undo",
	ErrClaimNotYet:       "claim not yet",
	ErrClaimOnTurn:       "claim on turn",
	ErrNotYours:          "not yours",
	ErrNoGame:            "no game",
	ErrInProgress:        "game in progress",
	ErrPrivateOnly:       "private only",
	ErrOwnChallenge:      "own challenge",
	ErrForSomeoneElse:    "for someone else",
	ErrChallengeExpired:  "challenge expired",
	ErrChallengeGone:     "challenge gone",
	ErrChallengerOnly:    "challenger only",
	ErrOpponentBusy:      "opponent busy",
	ErrChallengeOpen:     "challenge open",
	ErrAlreadyPosted:     "already posted",
	ErrNoFinishedGame:    "no finished game",
	ErrReviewBusy:        "review busy",
	ErrNotThisCard:       "not this card",
	ErrTournamentOpen:    "tournament open",
	ErrTournamentStarted: "tournament started",
	ErrTournamentOver:    "tournament over",
	ErrTournamentFull:    "tournament full",
	ErrAlreadyJoined:     "already joined",
	ErrNotJoined:         "not joined",
	ErrHostOnly:          "host only",
	ErrTooFewPlayers:     "too few players",
	ErrBadZone:           "bad time zone",
}

// String names the code in English, for logs.
func (c Code) String() string {
	if int(c) < len(codeNames) && codeNames[c] != "" {
		return codeNames[c]
	}
	return "no refusal"
}

// Error is a refused action.
type Error struct {
	Code Code
	// Detail says more, for logs; it is not meant for users.
	Detail string
}

// Error writes the code and the detail.
func (e *Error) Error() string {
	if e.Detail == "" {
		return "table: " + e.Code.String()
	}
	return "table: " + e.Code.String() + ": " + e.Detail
}

// refuse builds an *Error.
func refuse(c Code, format string, args ...any) error {
	return &Error{Code: c, Detail: fmt.Sprintf(format, args...)}
}

// gameCodes maps package game's refusals to ours.
var gameCodes = map[game.Code]Code{
	game.ErrNotAPlayer:    ErrNotAPlayer,
	game.ErrStale:         ErrStale,
	game.ErrGameOver:      ErrGameOver,
	game.ErrNotYourTurn:   ErrNotYourTurn,
	game.ErrIllegalStep:   ErrIllegal,
	game.ErrNothingToUndo: ErrNothingToUndo,
	game.ErrNotComplete:   ErrIllegal,
	game.ErrCannotPass:    ErrIllegal,
	game.ErrNotTimedOut:   ErrClaimNotYet,
	game.ErrClaimOnTurn:   ErrClaimOnTurn,
	game.ErrNoCubeAction:  ErrStale,
	game.ErrBadOptions:    ErrInternal,
}

// CodeOf tells why err refused an action: the code of an *Error, of a
// game.Error, or of the store's errors that mean the same (a conflict is
// a stale action); ErrInternal for anything else, 0 for nil.
func CodeOf(err error) Code {
	var e *Error
	switch {
	case err == nil:
		return 0
	case errors.As(err, &e):
		return e.Code
	case game.CodeOf(err) != 0:
		if c, ok := gameCodes[game.CodeOf(err)]; ok {
			return c
		}
	case errors.Is(err, store.ErrConflict):
		return ErrStale
	case errors.Is(err, store.ErrNotFound):
		return ErrUnknown
	case errors.Is(err, store.ErrAlreadyPlaying):
		return ErrInProgress
	case errors.Is(err, store.ErrChallengeTaken):
		return ErrChallengeGone
	case errors.Is(err, store.ErrTournamentExists):
		return ErrTournamentOpen
	}
	return ErrInternal
}
