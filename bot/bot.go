// Package bot is the Telegram adapter around package table, the centre
// that holds every use case: it polls for updates and keeps them in the
// inbox until handled, routes each update to one call of the centre,
// draws boards (picture, caption, keyboard) from what the call returns,
// and sends them at Telegram's pace. It makes no change to a game and no
// guarded store call of its own. Telegram's types stay inside this
// package.
//
// A tap travels: Poller → handleUpdate → handleCallback, which decodes
// the button (callback.go) and calls its op's handler from the one table
// of ops (router.go); the handler calls the centre (table.Service.Step and
// the like), answers the tap from the Outcome or the refusal's code
// (refusals.go maps every code to a message), and hands the Outcome to
// the refresher, which edits the board messages in place (board.go,
// sender.go). Commands go the same way from the one table of commands.
package bot

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	tg "github.com/go-telegram/bot"
	"github.com/go-telegram/bot/models"

	"nardi/ai"
	"nardi/game"
	"nardi/internal/grace"
	"nardi/internal/keyed"
	"nardi/locales"
	"nardi/metrics"
	"nardi/render"
	"nardi/rules"
	"nardi/store"
	"nardi/table"
)

// DefaultAPIURL is the official Bot API.
const DefaultAPIURL = "https://api.telegram.org"

// ErrTokenRejected: Telegram answered 401 Unauthorized, so the token is
// wrong or was revoked.
var ErrTokenRejected = errors.New("bot: Telegram rejected the token (401 Unauthorized): TELEGRAM_BOT_TOKEN is wrong or was revoked; get the current one from @BotFather")

// tokenRejected tells a 401 from Telegram (ErrTokenRejected) from other
// failures of a call, which it returns as they came.
func tokenRejected(err error) error {
	if errors.Is(err, tg.ErrorUnauthorized) {
		return fmt.Errorf("%w (%w)", ErrTokenRejected, err)
	}
	return err
}

// Config is what the bot needs to run.
type Config struct {
	Token  string
	APIURL string // Bot API base URL; DefaultAPIURL when empty
	Store  *store.Store
	Net    *ai.Net // the computer's evaluator
	Log    *slog.Logger

	// PollTimeout is the long-poll wait of getUpdates (25 s by default).
	PollTimeout time.Duration
	// ShowDelay is how long a roll that passes, or a forced play, stays
	// on screen before it is made (table.DefaultAutoDelay by default).
	ShowDelay time.Duration
	// ChallengeTTL is how long a challenge or an invite link stays open
	// (table.DefaultChallengeTTL by default).
	ChallengeTTL time.Duration
	// Now tells the time (time.Now by default); tests may move it.
	Now func() time.Time
	// CardEvery is the least time between two edits of a tournament's
	// card (table.DefaultCardEvery by default).
	CardEvery time.Duration
	// RoundTime, when set, is how long every tournament's round lasts
	// (tests); by default it follows the games' clock.
	RoundTime time.Duration
	// Roller, when set, throws every game's dice (tests); by default each
	// game throws its own verifiable dice (game.FairThrow).
	Roller game.Roller
	// Username is the bot's @username; asked from Telegram when empty.
	Username string
	// Metrics counts what the bot does (nil: nothing is counted).
	Metrics *metrics.Metrics
	// Listen is the address of the HTTP endpoint (/healthz, /metrics and,
	// with WebhookURL, the webhook); "" serves none. Listener, when set,
	// is used instead (tests).
	Listen   string
	Listener net.Listener
	// MetricsListen, when set, is the operators' address: /metrics moves
	// there from Listen's endpoint, with a /healthz of its own (Listen's
	// keeps its /healthz, for what checks the public side).
	// MetricsListener, when set, is used instead (tests).
	MetricsListen   string
	MetricsListener net.Listener
	// HTTPLimits bound the endpoint's clients (DefaultHTTPLimits where
	// zero).
	HTTPLimits HTTPLimits
	// WebhookURL is the public URL Telegram calls with updates; "" polls.
	WebhookURL string
	// PublicURL is the base URL at which Telegram reaches the HTTP
	// endpoint, for the pictures of inline messages; "" (and no webhook)
	// leaves inline play off. In webhook mode it is the webhook's origin
	// unless given.
	PublicURL string
	// LiveApp is the short name of the bot's Mini App, as set up with
	// BotFather's /newapp at PublicURL + "/app/": the live board's direct
	// link (t.me/<bot>/<LiveApp>) under the boards of groups and inline
	// messages, where web_app buttons are not allowed. "": no such link.
	LiveApp string
	// RemindAfter and IdleClaim are table.Config's: when the player on
	// turn of a slow duel is reminded, and when the opponent may claim an
	// untimed duel left alone (table's defaults where zero).
	RemindAfter, IdleClaim time.Duration
}

// Bot is the running Telegram bot.
type Bot struct {
	cfg      Config
	api      *tg.Bot
	send     *Sender
	table    *table.Service
	store    *store.Store // users, stats and rate limits; games only through table
	log      *slog.Logger
	username string

	boards      refresher               // redraws boards
	contact     atomic.Int64            // the last time Telegram answered (Unix ns), for /healthz
	users       sync.Map                // user id -> store.User (see users.go)
	chats       sync.Map                // group id -> store.Chat as last recorded
	cards       sync.Map                // tournament id -> struct{}: its card's edit under way
	pictures    pictures                // inline boards' pictures, for Telegram to fetch
	signer      signer                  // signs what clients hand back (cards, picture addresses); loaded by Run
	mounts      map[string]http.Handler // other adapters' handlers on the HTTP endpoint (see Mount)
	chatter     chatterLimit            // commands answered in groups, per person
	inlineAsks  chatterLimit            // inline queries answered, per person
	userLocks   keyed.Locks[int64]      // one change of a person at a time
	promptLocks keyed.Locks[int64]      // per chat: a menu is recorded before its taps count

	ctx     context.Context // lives as long as Run; async work uses it
	asyncMu sync.Mutex      // orders async.Add before the final Wait
	stopped bool            // Run is ending: no new background work
	async   sync.WaitGroup
}

// New prepares a bot; Run starts it.
func New(cfg Config) (*Bot, error) {
	if cfg.Token == "" {
		return nil, errors.New("bot: no token")
	}
	if cfg.Store == nil || cfg.Net == nil {
		return nil, errors.New("bot: a store and a network are required")
	}
	if cfg.APIURL == "" {
		cfg.APIURL = DefaultAPIURL
	}
	if cfg.Log == nil {
		cfg.Log = slog.Default()
	}
	if cfg.PollTimeout <= 0 {
		cfg.PollTimeout = 25 * time.Second
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.ChallengeTTL <= 0 {
		cfg.ChallengeTTL = challengeTTL
	}
	if cfg.PublicURL == "" && cfg.WebhookURL != "" {
		if u, err := url.Parse(cfg.WebhookURL); err == nil && u.Scheme != "" && u.Host != "" {
			cfg.PublicURL = u.Scheme + "://" + u.Host
		}
	}
	cfg.PublicURL = strings.TrimRight(cfg.PublicURL, "/")
	client := &http.Client{Timeout: cfg.PollTimeout + 10*time.Second}
	opts := []tg.Option{tg.WithServerURL(cfg.APIURL), tg.WithHTTPClient(cfg.PollTimeout, client),
		// The client's own complaints go through our log, and so through
		// its token filter, not straight to the standard logger.
		tg.WithErrorsHandler(func(err error) { cfg.Log.Warn("bot api client", "err", err) })}
	if cfg.Username != "" {
		opts = append(opts, tg.WithSkipGetMe())
	}
	api, err := tg.New(cfg.Token, opts...)
	if err != nil {
		return nil, fmt.Errorf("bot: connect to the Bot API: %w", tokenRejected(err))
	}
	b := &Bot{cfg: cfg, api: api, store: cfg.Store, log: cfg.Log, username: cfg.Username, ctx: context.Background(),
		inlineAsks: chatterLimit{burst: inlineBurst, every: inlineEvery}}
	b.table, err = table.New(table.Config{
		Store: cfg.Store, Net: cfg.Net, Display: b, Log: cfg.Log,
		AutoDelay: cfg.ShowDelay, ChallengeTTL: cfg.ChallengeTTL, Now: cfg.Now, Roller: cfg.Roller,
		RemindAfter: cfg.RemindAfter, IdleClaim: cfg.IdleClaim, Lobby: b, CardEvery: cfg.CardEvery, RoundTime: cfg.RoundTime,
		OnGameStarted:  func(kind store.Kind) { cfg.Metrics.GameStarted(string(kind)) },
		OnGameFinished: func(kind store.Kind) { cfg.Metrics.GameFinished(string(kind)) },
	})
	if err != nil {
		return nil, fmt.Errorf("bot: %w", err)
	}
	b.send = NewSender(api, cfg.Log)
	b.send.Metrics, b.send.Contact, b.send.InlineID = cfg.Metrics, &b.contact, cfg.Store.InlineID
	b.send.OnWait = b.waitedOnTelegram
	b.send.OnLimit = func(chat int64, until time.Time) {
		if err := b.store.SetRateLimit(context.WithoutCancel(b.ctx), chat, until); err != nil {
			b.log.Warn("recording a rate limit failed", "chat", chat, "err", err)
		}
	}
	b.boards.bot = b
	b.table.Watch(b.liveChanged)
	return b, nil
}

// Run serves until ctx ends, then stops taking updates, finishes the work
// under way, pauses every clock and returns.
func (b *Bot) Run(ctx context.Context) error {
	b.ctx = ctx
	if b.username == "" {
		me, err := b.api.GetMe(ctx)
		if err != nil {
			return fmt.Errorf("bot: getMe: %w", tokenRejected(err))
		}
		b.username = me.Username
	}
	limits, err := b.store.RateLimits(ctx, time.Now())
	if err != nil {
		return err
	}
	b.send.Restore(limits)
	// The key of what clients hand back, loaded once with the process's
	// context: no request's may fail it for the others.
	key, err := b.store.Secret(ctx, "inline")
	if err != nil {
		return fmt.Errorf("bot: the signing key: %w", err)
	}
	b.signer = signer{key: key}
	b.registerCommands(ctx)
	go b.warmUp() // not waited for: nothing depends on it
	go b.forget(ctx)
	if err := b.table.Start(ctx); err != nil {
		return err
	}

	p := &Poller{
		URL: b.cfg.APIURL, Token: b.cfg.Token, Client: &http.Client{Timeout: b.cfg.PollTimeout + 10*time.Second},
		Timeout: b.cfg.PollTimeout, Inbox: b.store, Handle: b.handleUpdate, Log: b.log,
		Metrics: b.cfg.Metrics, Contact: &b.contact,
	}
	b.contact.Store(time.Now().UnixNano()) // the start counts as contact, for /healthz
	go b.keepInTouch(ctx)
	ln, err := listener(b.cfg.Listener, b.cfg.Listen)
	if err != nil {
		b.table.Stop()
		return err
	}
	opsLn, err := listener(b.cfg.MetricsListener, b.cfg.MetricsListen)
	if err != nil {
		if ln != nil {
			ln.Close()
		}
		b.table.Stop()
		return err
	}
	stopOps := func() {}
	if opsLn != nil {
		stopOps = b.serveHTTP(ctx, opsLn, b.opsMux(), "operators'")
	}
	defer stopOps()
	var hook *webhook
	hookPath := ""
	if b.cfg.WebhookURL != "" {
		if ln == nil {
			b.table.Stop()
			return errors.New("bot: webhook mode needs an address to listen on (NARDI_LISTEN)")
		}
		secret, path, err := b.setWebhook(ctx)
		if err != nil {
			b.table.Stop()
			return err
		}
		hook, hookPath = &webhook{secret: secret, inbox: b.store, poller: p, ctx: ctx}, path
	} else {
		b.deleteWebhook(ctx) // polling works only without one
	}
	if hook != nil {
		// The updates stored before are handed out before any new one can
		// arrive (and the poller hands none out twice in any case).
		if err := p.Replay(ctx); err != nil {
			b.table.Stop()
			return stopped(ctx, err)
		}
	}
	stopHTTP := func() {}
	if ln != nil {
		var h http.Handler
		if hook != nil {
			h = hook
		}
		stopHTTP = b.serveHTTP(ctx, ln, b.publicMux(h, hookPath, opsLn == nil), "public")
	}
	b.log.Info("bot started", "username", b.username, "webhook", hook != nil)
	if hook != nil {
		<-ctx.Done()
		stopHTTP() // no new update is taken once shutdown has begun
		p.Wait()
	} else {
		err = p.Run(ctx)
		stopHTTP()
	}
	b.table.Stop()
	b.asyncMu.Lock()
	b.stopped = true
	b.asyncMu.Unlock()
	b.async.Wait()
	b.log.Info("bot stopped")
	return err
}

// registerCommands sets the command menu in every language, from the
// table of commands.
func (b *Bot) registerCommands(ctx context.Context) {
	for _, lang := range locales.Langs {
		var cmds []models.BotCommand
		for _, c := range commands {
			cmds = append(cmds, models.BotCommand{Command: c.name, Description: locales.T(lang, "cmd."+c.name, nil)})
		}
		params := &tg.SetMyCommandsParams{Commands: cmds}
		if lang != locales.Default {
			params.LanguageCode = string(lang)
		}
		err := b.send.call(ctx, 0, "setMyCommands", func(ctx context.Context) error {
			_, err := b.api.SetMyCommands(ctx, params)
			return err
		})
		if err != nil {
			b.log.Warn("setting the command menu failed", "lang", lang, "err", err)
		}
	}
}

// forget prunes, every few minutes until ctx ends, what the bot keeps in
// memory for speed: the people it has seen (the database has them) and
// the send lanes of quiet chats. Nothing else grows with the users: locks
// go when released, the centre times only waits of a few seconds.
func (b *Bot) forget(ctx context.Context) {
	every(ctx, 10*time.Minute, func() {
		b.users.Clear()
		b.chats.Clear()
		b.send.Prune()
	})
}

// every calls fn once a period until ctx ends.
func every(ctx context.Context, period time.Duration, fn func()) {
	t := time.NewTicker(period)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			fn()
		}
	}
}

// rendererWarm draws the first pictures once a process: the board
// picture's static parts are kept for the process, so drawing them again
// at a later start (a test's restart) would warm nothing.
var rendererWarm sync.Once

// warmUp builds what the first game would otherwise wait for: the
// computer's bear-off databases and the board picture's static parts.
func (b *Bot) warmUp() {
	b.table.WarmUp()
	rendererWarm.Do(func() {
		for _, portrait := range []bool{false, true} {
			if _, err := render.Board(render.View{Pos: rules.Start(), Portrait: portrait}); err != nil {
				b.log.Warn("warming up the renderer failed", "err", err)
			}
		}
	})
}

// goAsync runs f in the background, tracked so that Run waits for it;
// once Run is ending it runs nothing (a board left behind is redrawn at
// the next start).
func (b *Bot) goAsync(f func(ctx context.Context)) {
	b.asyncMu.Lock()
	if b.stopped {
		b.asyncMu.Unlock()
		return
	}
	b.async.Add(1)
	b.asyncMu.Unlock()
	go func() {
		defer b.async.Done()
		defer func() {
			if r := recover(); r != nil {
				b.log.Error("background work panicked", "panic", r)
			}
		}()
		ctx, cancel := grace.After(b.ctx, HandlerGrace)
		defer cancel()
		f(ctx)
	}()
}
