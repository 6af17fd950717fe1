package bot

import (
	"context"
	"errors"
	"time"

	"nardi/locales"
	"nardi/store"
)

// Prompts: a menu (/start, /lang, /settings, the level choice) belongs to
// the person it was sent to, and its buttons work only on its own message.
// Each is recorded when sent (store.Prompt); a tap is taken only where a
// prompt of the button's kind stands, and only from its person. So
// nobody can use someone else's menu, nor make the bot overwrite another
// message by sending a menu's callback data with it.

// sendPrompt sends a menu to the request's chat and records it as the
// user's.
func (b *Bot) sendPrompt(ctx context.Context, r *request, kind store.PromptKind, text string, kb Keyboard) {
	// A tap the moment the menu appears waits until it is recorded.
	unlock := b.promptLocks.Lock(r.chat)
	defer unlock()
	id := b.replyKB(ctx, r, text, kb)
	if id == 0 {
		return
	}
	p := store.Prompt{ChatID: r.chat, MessageID: int64(id), Kind: kind, UserID: r.user.ID}
	if err := b.store.SetPrompt(ctx, p, b.cfg.Now()); err != nil {
		b.log.Warn("recording a menu failed", "chat", r.chat, "err", err)
	}
}

// promptWait is how long a tap on a menu not recorded yet waits for the
// menus being sent in its chat: the moment between a menu's sending and
// its recording, not a busy group's wait for its post.
const promptWait = 2 * time.Second

// ownPrompt tells whether the tapped message is the user's prompt of a
// kind, answering the tap when it is not.
func (b *Bot) ownPrompt(ctx context.Context, r *request, kinds ...store.PromptKind) bool {
	p, err := b.store.PromptAt(ctx, r.chat, int64(r.messageID))
	if errors.Is(err, store.ErrNotFound) {
		// Perhaps just sent and not recorded yet: wait for the chat's
		// menus on their way, a little, and look again.
		b.promptLocks.WaitFree(r.chat, promptWait)
		p, err = b.store.PromptAt(ctx, r.chat, int64(r.messageID))
	}
	switch {
	case errors.Is(err, store.ErrNotFound):
		b.toast(ctx, r, "toast.unknown")
		return false
	case err != nil:
		b.log.Warn("looking a menu up failed", "err", err)
		b.toast(ctx, r, "toast.error")
		return false
	}
	kindOK := false
	for _, k := range kinds {
		kindOK = kindOK || p.Kind == k
	}
	if !kindOK {
		b.toast(ctx, r, "toast.unknown")
		return false
	}
	if p.UserID != r.user.ID {
		b.answer(ctx, r, locales.T(r.lang, "toast.not_your_menu", nil), true)
		return false
	}
	return true
}

// rePrompt records that the tapped message now shows another prompt.
func (b *Bot) rePrompt(ctx context.Context, r *request, kind store.PromptKind) {
	p := store.Prompt{ChatID: r.chat, MessageID: int64(r.messageID), Kind: kind, UserID: r.user.ID}
	if err := b.store.SetPrompt(ctx, p, b.cfg.Now()); err != nil {
		b.log.Warn("recording a menu failed", "chat", r.chat, "err", err)
	}
}
