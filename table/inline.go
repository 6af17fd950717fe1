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

// InlineCard is what a card's ⚔ carries (signed by the adapter): its
// challenger, the card (the id of the inline result, naming its terms)
// and the terms.
type InlineCard struct {
	From    int64
	Card    string
	Options game.Options
}

// AcceptInline takes a challenge card posted with inline mode for the
// actor who tapped its ⚔ (a.Chat the card's chat, store.InlineChat): the
// card becomes the game's one board, watched by everyone in the chat it
// was posted to and played by the two. The first taker plays; the
// challenger cannot take their own.
//
// A ⚔ is taken only on its own card: where Telegram has told who posted
// the message and which card it was (store.NotePosted), a ⚔ of another
// person's or another card is refused (ErrNotThisCard). Where it has not
// (inline feedback off in BotFather, or its word still on the way), the
// ⚔ is taken on trust, as the game could not be played otherwise, and
// Accepted.Unconfirmed says so; the challenger's clock waits for their
// first move in any case (game.Options.WaitFirstMove).
func (s *Service) AcceptInline(ctx context.Context, a Actor, card InlineCard) (Accepted, error) {
	unlock := s.locks.Lock("i" + strconv.FormatInt(a.Chat, 10))
	defer unlock()
	poster, posted, known, err := s.store.InlinePoster(ctx, a.Chat)
	if err != nil {
		return Accepted{}, err
	}
	if known && (poster != card.From || posted != card.Card) {
		return Accepted{}, refuse(ErrNotThisCard, "card %q of user %d on card %q of user %d", card.Card, card.From, posted, poster)
	}
	from, opts := card.From, card.Options
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
	acc, err := s.accept(ctx, a, c.Code, false) // with the card as its board
	acc.Unconfirmed = !known
	if err != nil {
		return acc, err
	}
	s.kick(acc.Game.ID)
	return acc, nil
}

// inlineTTL is how long a card's challenge stays open once first tapped
// (the card itself stays until someone takes it).
const inlineTTL = 7 * 24 * time.Hour
