package bot

import (
	"context"
	"time"

	"nardi/store"
)

// cmdDuel challenges a friend (see the duel issue).
func (b *Bot) cmdDuel(ctx context.Context, r *request) {
	b.reply(ctx, r, "duel.usage", nil)
}

// onChallenge handles the ⚔ accept button.
func (b *Bot) onChallenge(ctx context.Context, r *request, a action) {
	b.toast(ctx, r, "toast.unknown")
}

// acceptInvite starts a game from an invite link.
func (b *Bot) acceptInvite(ctx context.Context, r *request, code string) {
	b.reply(ctx, r, "duel.invite_invalid", nil)
}

// rematchDuel offers a duel's players another game.
func (b *Bot) rematchDuel(ctx context.Context, r *request, rec *store.GameRecord) {}

// expireChallenges closes challenges nobody accepted in time.
func (b *Bot) expireChallenges(ctx context.Context, now time.Time) {}
