package table

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"time"

	"nardi/game"
	"nardi/store"
)

// The rules of challenges, each checked here once:
//
//   - A person may challenge only where they have no game going, and holds
//     one open challenge in a chat at a time; the same command (or tap)
//     handled again makes no second one.
//   - One's own challenge cannot be taken; one naming a person (by user id
//     or @username) only by them; one past its time or no longer open by
//     nobody (eligible, run inside the store's transaction on the
//     challenge as it stands there).
//   - Only the challenger may withdraw a challenge.
//   - A challenge of a group is taken by a tap on its ⚔ button; an invite
//     link (a private challenge) by opening it.

// PostChallenge stores a new challenge from the actor and shows it with
// show, which sends its message and returns the message id; the challenge
// is held meanwhile, so that a tap on it the moment it appears waits until
// its message is recorded. A challenge that cannot be shown is withdrawn.
// Kind, ChatID, Target, TargetName and Options come from c; the rest is
// made here.
func (s *Service) PostChallenge(ctx context.Context, a Actor, c store.Challenge,
	show func(store.Challenge) (int64, error)) (store.Challenge, error) {
	// One person's challenges are made one at a time.
	unlock := s.locks.Lock("u" + strconv.FormatInt(a.User.ID, 10))
	defer unlock()
	if a.Message != 0 {
		c.Source = strconv.FormatInt(a.Chat, 10) + ":" + strconv.FormatInt(a.Message, 10)
		// The same command or tap handled again: its challenge, if still
		// open. (A 🔁 tapped again once its offer has lapsed offers anew.)
		if made, err := s.store.ChallengeFrom(ctx, c.Source); err == nil &&
			made.Status == store.ChallengeOpen && s.now().Before(made.Expires) {
			return made, refuse(ErrAlreadyPosted, "challenge %s", made.Code)
		}
	}
	if _, err := s.ActiveGame(ctx, Actor{User: a.User, Chat: a.Chat}); err == nil {
		return store.Challenge{}, refuse(ErrInProgress, "user %d in chat %d", a.User.ID, a.Chat)
	}
	now := s.now()
	if n, err := s.store.OpenChallengesBy(ctx, a.User.ID, c.ChatID, now); err != nil {
		return store.Challenge{}, err
	} else if n > 0 {
		return store.Challenge{}, refuse(ErrChallengeOpen, "user %d in chat %d", a.User.ID, c.ChatID)
	}
	c.From, c.Expires = a.User.ID, now.Add(s.cfg.ChallengeTTL)
	c, err := s.store.NewChallenge(ctx, c, now)
	if err != nil {
		return store.Challenge{}, err
	}
	unlockChallenge := s.locks.Lock(challengeKey(c.Code))
	defer unlockChallenge()
	id, err := show(c)
	if err != nil {
		if werr := s.store.CancelChallenge(ctx, c.Code); werr != nil {
			s.log.Warn("withdrawing a challenge that could not be shown failed", "code", c.Code, "err", werr)
		}
		return c, err
	}
	if err := s.store.SetChallengeMessage(ctx, c.Code, id); err != nil {
		return c, err
	}
	c.MessageID = id
	return c, nil
}

// eligible tells whether a person may take a challenge now.
func eligible(c store.Challenge, u store.User, now time.Time) error {
	switch {
	case c.From == u.ID:
		return refuse(ErrOwnChallenge, "user %d", u.ID)
	case c.Target != 0 && c.Target != u.ID,
		c.Target == 0 && c.TargetName != "" && !strings.EqualFold(c.TargetName, u.Username):
		return refuse(ErrForSomeoneElse, "user %d", u.ID)
	case c.Status == store.ChallengeExpired || (c.Status == store.ChallengeOpen && !now.Before(c.Expires)):
		return refuse(ErrChallengeExpired, "challenge %s", c.Code)
	case c.Status != store.ChallengeOpen:
		return refuse(ErrChallengeGone, "challenge %s is %s", c.Code, c.Status)
	}
	return nil
}

// Accepted is a challenge taken: its game has begun, the challenger in
// seat 0 and the acceptor in seat 1, and no board is shown yet.
type Accepted struct {
	Challenge  store.Challenge
	Game       *store.GameRecord
	Challenger store.User
	// Unconfirmed: an inline card taken with nothing told of who posted
	// it (see AcceptInline).
	Unconfirmed bool
}

// Accept takes a group's challenge (or a rematch offer) for the actor who
// tapped its ⚔ button.
func (s *Service) Accept(ctx context.Context, a Actor, code string) (Accepted, error) {
	return s.accept(ctx, a, code, false)
}

// AcceptInvite takes the private challenge of an invite link the actor
// opened; any other code is ErrUnknown.
func (s *Service) AcceptInvite(ctx context.Context, a Actor, code string) (Accepted, error) {
	return s.accept(ctx, a, code, true)
}

func (s *Service) accept(ctx context.Context, a Actor, code string, link bool) (Accepted, error) {
	unlock := s.locks.Lock(challengeKey(code))
	defer unlock()
	c, err := s.store.Challenge(ctx, code)
	if err != nil {
		return Accepted{}, err
	}
	if link && c.Kind != store.KindPrivate {
		return Accepted{}, refuse(ErrUnknown, "challenge %s is not an invitation", code)
	}
	challenger, err := s.store.User(ctx, c.From)
	if err != nil {
		return Accepted{}, err
	}
	acc := Accepted{Challenge: c, Challenger: challenger}
	chats := [2]int64{c.ChatID, c.ChatID}
	if c.Kind == store.KindPrivate {
		chats = [2]int64{c.From, a.User.ID} // a private chat's id is its user's
	}
	now := s.now()
	_, id, err := s.store.AcceptChallenge(ctx, code, a.User.ID, now, func(c store.Challenge) (store.NewGame, error) {
		if err := eligible(c, a.User, now); err != nil {
			return store.NewGame{}, err
		}
		opts := c.Options
		if !opts.Clock.Enabled() || opts.WaitFirstMove {
			// Nobody keeps a game from its end by walking away: not even
			// an inline card's challenger, whose clock waits for them.
			opts.IdleClaim = s.cfg.IdleClaim
		}
		g, err := s.newGame(opts, [2]game.Player{game.Human(challenger.ID, challenger.Name), game.Human(a.User.ID, a.User.Name)})
		if err != nil {
			return store.NewGame{}, err
		}
		ng := store.NewGame{Kind: c.Kind, Chats: chats, Game: g, Due: s.dueOf(c.Kind, g)}
		if c.Kind == store.KindGroup && store.IsInline(c.ChatID) {
			// The card becomes the board with the game: a crash between
			// the two would leave a game nobody sees (see showLost).
			ng.Boards = []store.Board{{Viewer: store.SharedBoard, ChatID: c.ChatID, MessageID: InlineMessage}}
		}
		return ng, nil
	})
	switch {
	case errors.Is(err, store.ErrChallengeTaken):
		// No longer open: say why, from the challenge as it is now.
		if c, rerr := s.store.Challenge(ctx, code); rerr == nil {
			if err := eligible(c, a.User, now); err != nil {
				return acc, err
			}
		}
		return acc, refuse(ErrChallengeGone, "challenge %s", code)
	case errors.Is(err, store.ErrAlreadyPlaying):
		if _, err := s.ActiveGame(ctx, Actor{User: a.User, Chat: chats[1]}); err == nil {
			return acc, refuse(ErrInProgress, "user %d", a.User.ID)
		}
		return acc, refuse(ErrOpponentBusy, "user %d", c.From)
	case err != nil:
		return acc, err
	}
	s.started(c.Kind)
	if acc.Game, err = s.store.LoadGame(ctx, id); err != nil {
		return acc, err
	}
	s.noteReminder(ctx, acc.Game)
	return acc, nil
}

// Cancel withdraws a challenge at its challenger's request and returns it.
func (s *Service) Cancel(ctx context.Context, a Actor, code string) (store.Challenge, error) {
	unlock := s.locks.Lock(challengeKey(code))
	defer unlock()
	c, err := s.store.Challenge(ctx, code)
	if err != nil {
		return c, err
	}
	if c.From != a.User.ID {
		return c, refuse(ErrChallengerOnly, "user %d", a.User.ID)
	}
	if err := s.store.CancelChallenge(ctx, code); err != nil {
		return c, refuse(ErrUnknown, "%v", err)
	}
	c.Status = store.ChallengeCancelled
	return c, nil
}

// expireChallenges closes the challenges nobody took in time and has the
// display say so on their messages.
func (s *Service) expireChallenges(ctx context.Context, now time.Time) {
	expired, err := s.store.ExpireChallenges(ctx, now)
	if err != nil {
		if ctx.Err() == nil {
			s.log.Warn("expiring challenges failed", "err", err)
		}
		return
	}
	for _, c := range expired {
		if c.MessageID != 0 {
			s.goAsync(func(ctx context.Context) { s.cfg.Display.Expired(ctx, c) })
		}
	}
}

// Rematch is what a 🔁 at the end of a duel comes to.
type Rematch struct {
	// Accepted is set when the other player had offered first: the offer
	// was taken and the new game has begun.
	Accepted *Accepted
	// Sent tells that the actor's own offer is still open.
	Sent bool
	// Offer, when Kind is set, is the challenge to post: for the other
	// player alone, in the chat where they played.
	Offer store.Challenge
	// Opponent is the other player, to whom an Offer goes.
	Opponent game.Player
	// Computer is set when the finished game was against the computer:
	// a new one has begun.
	Computer *Outcome
}

// Rematch answers a 🔁 under a finished game of the actor's.
func (s *Service) Rematch(ctx context.Context, a Actor, id int64) (Rematch, error) {
	rec, err := s.store.LoadGame(ctx, id)
	if err != nil {
		return Rematch{}, err
	}
	if !rec.Game.Done() {
		return Rematch{}, refuse(ErrUnknown, "game %d goes on", id)
	}
	seat, err := seatAt(rec.Game, a)
	if err != nil {
		return Rematch{}, err
	}
	if a.Chat != rec.Chats[seat] {
		// A 🔁 counts only under the player's own board of that game.
		return Rematch{}, refuse(ErrUnknown, "chat %d is not where user %d played game %d", a.Chat, a.User.ID, id)
	}
	if rec.Kind == store.KindComputer {
		g := rec.Game
		out, err := s.StartComputer(ctx, a, g.Player(seat.Other()).Level, g.Options())
		return Rematch{Computer: &out}, err
	}
	other := rec.Game.Player(seat.Other())
	mine, theirs := rec.Chats[seat], rec.Chats[seat.Other()]
	now := s.now()
	if c, err := s.store.OpenChallengeBetween(ctx, other.UserID, a.User.ID, mine, now); err == nil {
		acc, err := s.Accept(ctx, a, c.Code)
		if err != nil {
			return Rematch{}, err
		}
		return Rematch{Accepted: &acc}, nil
	}
	if _, err := s.store.OpenChallengeBetween(ctx, a.User.ID, other.UserID, theirs, now); err == nil {
		return Rematch{Sent: true}, nil
	}
	if _, err := s.ActiveGame(ctx, Actor{User: a.User, Chat: mine}); err == nil {
		return Rematch{}, refuse(ErrInProgress, "user %d", a.User.ID)
	}
	offer := store.Challenge{Kind: rec.Kind, ChatID: theirs, Target: other.UserID, Options: rec.Game.Options()}
	return Rematch{Offer: offer, Opponent: other}, nil
}

// Abandon ends a game that cannot be played, as a duel one of whose
// players can no longer be shown it.
func (s *Service) Abandon(ctx context.Context, id int64) error {
	unlock := s.locks.Lock(gameKey(id))
	defer unlock()
	return s.store.AbandonGame(ctx, id, s.now())
}
