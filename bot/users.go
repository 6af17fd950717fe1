package bot

import (
	"context"

	"github.com/go-telegram/bot/models"

	"nardi/store"
)

// The bot keeps the people it has seen in memory (b.users: id ->
// store.User), so that a tap costs no database write for its sender; the
// database stays the truth, and every change goes through it first.

// knowUser records the person behind an update and returns them.
func (b *Bot) knowUser(ctx context.Context, from *models.User) (store.User, error) {
	info := store.UserInfo{ID: from.ID, Name: displayName(from), Username: from.Username, LangCode: from.LanguageCode}
	if v, ok := b.users.Load(from.ID); ok {
		if u := v.(store.User); u.Name == info.Name && u.Username == info.Username && u.LangCode == info.LangCode {
			return u, nil
		}
	}
	u, err := b.store.UpsertUser(ctx, info, b.cfg.Now())
	if err == nil {
		b.users.Store(u.ID, u)
	}
	return u, err
}

// user returns a stored person.
func (b *Bot) user(ctx context.Context, id int64) (store.User, error) {
	if v, ok := b.users.Load(id); ok {
		return v.(store.User), nil
	}
	u, err := b.store.User(ctx, id)
	if err == nil {
		b.users.Store(id, u)
	}
	return u, err
}

// changeUser stores a change to a person, then remembers them as the
// database has them now: each change writes only its own columns, and the
// person's changes are made one at a time, so that two quick taps (two
// settings, or /lang against /settings) both hold. u's fields other than
// the ID are not used; the person as stored is returned.
func (b *Bot) changeUser(ctx context.Context, u store.User, save func(context.Context) error) (store.User, error) {
	unlock := b.userLocks.Lock(u.ID)
	defer unlock()
	if err := save(ctx); err != nil {
		return u, err
	}
	fresh, err := b.store.User(ctx, u.ID)
	if err != nil {
		b.users.Delete(u.ID)
		return u, err
	}
	b.users.Store(u.ID, fresh)
	return fresh, nil
}
