package table

import (
	"context"
	"errors"
	"strconv"
	"time"

	"nardi/game"
	"nardi/store"
)

// InlineMessage is the message id that an inline message's board has to
// the centre: an inline message is a chat of its own (store.InlineChat)
// with this one board message in it.
const InlineMessage = 1

// AcceptInline takes a challenge card posted with inline mode for the
// actor who tapped its ⚔ (a.Chat the card's chat, store.InlineChat): the
// card becomes the game's one board, watched by everyone in the chat it
// was posted to and played by the two. from is the card's challenger and
// opts its terms, as the card's button carries them (signed by the
// adapter). The first taker plays; the challenger cannot take their own.
func (s *Service) AcceptInline(ctx context.Context, a Actor, from int64, opts game.Options) (Accepted, error) {
	unlock := s.locks.Lock("i" + strconv.FormatInt(a.Chat, 10))
	defer unlock()
	source := "inline:" + strconv.FormatInt(a.Chat, 10)
	c, err := s.store.ChallengeFrom(ctx, source)
	switch {
	case errors.Is(err, store.ErrNotFound):
		if from == a.User.ID {
			return Accepted{}, refuse(ErrOwnChallenge, "user %d", from)
		}
		now := s.now()
		c, err = s.store.NewChallenge(ctx, store.Challenge{Kind: store.KindGroup, From: from, ChatID: a.Chat,
			MessageID: InlineMessage, Options: opts, Source: source, Expires: now.Add(inlineTTL)}, now)
		if err != nil {
			return Accepted{}, err
		}
	case err != nil:
		return Accepted{}, err
	}
	acc, err := s.accept(ctx, a, c.Code, false)
	if err != nil {
		return acc, err
	}
	b := store.Board{GameID: acc.Game.ID, Viewer: store.SharedBoard, ChatID: a.Chat, MessageID: InlineMessage}
	if err := s.store.SetBoard(ctx, b, s.now()); err != nil {
		return acc, err
	}
	s.kick(acc.Game.ID)
	return acc, nil
}

// inlineTTL is how long a card's challenge stays open once first tapped
// (the card itself stays until someone takes it).
const inlineTTL = 7 * 24 * time.Hour
