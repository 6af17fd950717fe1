package bot

import (
	"context"
	"net/http"
	"net/url"
	"strings"

	tg "github.com/go-telegram/bot"
	"github.com/go-telegram/bot/models"

	"nardi/game"
	"nardi/locales"
	"nardi/table"
)

// The live board (package web) is another adapter of the same centre: the
// bot mounts its handler on the HTTP endpoint, offers it under each board
// and in a private chat's menu, and redraws its own boards when a game
// changes there.

// livePath is where the live board is served on the HTTP endpoint.
const livePath = "/app/"

// Table is the centre the bot plays through, for the other adapters.
func (b *Bot) Table() *table.Service { return b.table }

// Mount serves a handler on the HTTP endpoint under a path ("/app/"),
// with the path stripped; called before Run.
func (b *Bot) Mount(path string, h http.Handler) {
	if b.mounts == nil {
		b.mounts = map[string]http.Handler{}
	}
	b.mounts[path] = h
}

// liveURL is the live board's address for a game, or "" when the bot has
// no public address.
func (b *Bot) liveURL(id int64) string {
	if b.cfg.PublicURL == "" {
		return ""
	}
	return b.cfg.PublicURL + livePath + "?g=" + url.QueryEscape(b.table.LiveCode(id))
}

// liveButton is the button under a board that opens the live board: in a
// private chat a web_app button; in a group or an inline message, where
// Telegram allows none, a link to the bot's direct-link Mini App
// (Config.LiveApp), when it has one.
func (b *Bot) liveButton(lang locales.Lang, id int64, seat game.Seat) (models.InlineKeyboardButton, bool) {
	u := b.liveURL(id)
	text := locales.T(lang, "app.open", nil)
	switch {
	case u == "":
		return models.InlineKeyboardButton{}, false
	case seat != game.NoSeat && strings.HasPrefix(u, "https://"):
		// Telegram opens a Mini App over HTTPS alone.
		return models.InlineKeyboardButton{Text: text, WebApp: &models.WebAppInfo{URL: u}}, true
	case b.cfg.LiveApp != "" && b.username != "":
		link := "https://t.me/" + b.username + "/" + b.cfg.LiveApp + "?startapp=" + url.QueryEscape(b.table.LiveCode(id))
		return models.InlineKeyboardButton{Text: text, URL: link}, true
	}
	return models.InlineKeyboardButton{}, false
}

// liveMenu sets a private chat's menu button to the live board, in the
// person's language (the menu shows their game going, if any).
func (b *Bot) liveMenu(ctx context.Context, chat int64, lang locales.Lang) {
	if !strings.HasPrefix(b.cfg.PublicURL, "https://") {
		return
	}
	err := b.send.call(ctx, chat, "setChatMenuButton", func(ctx context.Context) error {
		_, err := b.api.SetChatMenuButton(ctx, &tg.SetChatMenuButtonParams{ChatID: chat,
			MenuButton: models.MenuButtonWebApp{Type: models.MenuButtonTypeWebApp, Text: locales.T(lang, "app.menu", nil),
				WebApp: models.WebAppInfo{URL: b.cfg.PublicURL + livePath}}})
		return err
	})
	if err != nil {
		b.log.Warn("setting the menu button failed", "chat", chat, "err", err)
	}
}

// liveChanged follows the games changed on the live board: their boards
// in the chats are redrawn, a board that both players see (a group's, an
// inline message's) once a decision rather than once a step (see
// drawBoards), as its player watches the live board meanwhile.
func (b *Bot) liveChanged(c table.Change) {
	if !c.Live || !c.Redraw {
		return
	}
	b.goAsync(func(ctx context.Context) {
		out, err := b.table.Current(ctx, c.Game)
		if err != nil {
			b.log.Warn("loading a game changed on the live board failed", "game", c.Game, "err", err)
			return
		}
		b.boards.requestLive(out)
	})
}

// Rematched carries out a rematch asked for on the live board
// (table.Rematcher): as a 🔁 under the board would, without a tap to
// answer.
func (b *Bot) Rematched(ctx context.Context, a table.Actor, rm table.Rematch) {
	r := &request{chat: a.Chat, group: a.Chat < 0, user: a.User, lang: langOf(a.User), at: b.cfg.Now()}
	switch {
	case rm.Accepted != nil:
		b.beginDuel(ctx, r, *rm.Accepted)
	case rm.Offer.Kind != "":
		b.offerRematch(ctx, r, rm)
	}
}
