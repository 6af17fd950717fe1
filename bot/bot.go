// Package bot wires the game, the computer opponent, the board picture, the
// storage and the languages to Telegram: it polls for updates, keeps every
// game in SQLite, answers every button, and edits each board in place.
// Telegram's types stay inside this package.
package bot

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"runtime"
	"sync"
	"time"

	tg "github.com/go-telegram/bot"
	"github.com/go-telegram/bot/models"
	"github.com/robfig/cron/v3"

	"nardi/ai"
	"nardi/game"
	"nardi/locales"
	"nardi/render"
	"nardi/rules"
	"nardi/store"
)

// DefaultAPIURL is the official Bot API.
const DefaultAPIURL = "https://api.telegram.org"

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
	// on screen before it is made (1.5 s by default).
	ShowDelay time.Duration
	// Now tells the time (time.Now by default); tests may move it.
	Now func() time.Time
	// Roller, when set, throws every game's dice (tests); by default each
	// game uses crypto/rand.
	Roller game.Roller
	// Username is the bot's @username; asked from Telegram when empty.
	Username string
}

// Bot is the running Telegram bot.
type Bot struct {
	cfg      Config
	api      *tg.Bot
	send     *Sender
	store    *store.Store
	log      *slog.Logger
	username string

	locks   keyedLocks // per game and per chat
	boards  refresher  // redraws boards
	due     coalescer  // runs due actions
	players sync.Map   // "level/rules/variant" -> *ai.Player
	users   sync.Map   // user id -> store.User (see users.go)
	// thinking bounds how many computer moves are thought at once, so
	// that players' taps always find a free core.
	thinking chan struct{}

	ctx   context.Context // lives as long as Run; async work uses it
	async sync.WaitGroup
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
	if cfg.ShowDelay <= 0 {
		cfg.ShowDelay = 1500 * time.Millisecond
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	client := &http.Client{Timeout: cfg.PollTimeout + 10*time.Second}
	opts := []tg.Option{tg.WithServerURL(cfg.APIURL), tg.WithHTTPClient(cfg.PollTimeout, client)}
	if cfg.Username != "" {
		opts = append(opts, tg.WithSkipGetMe())
	}
	api, err := tg.New(cfg.Token, opts...)
	if err != nil {
		return nil, fmt.Errorf("bot: connect to the Bot API: %w", err)
	}
	b := &Bot{cfg: cfg, api: api, store: cfg.Store, log: cfg.Log, username: cfg.Username, ctx: context.Background(),
		thinking: make(chan struct{}, max(1, runtime.NumCPU()-1))}
	b.send = NewSender(api, cfg.Log)
	b.send.OnWait = b.waitedOnTelegram
	b.send.OnLimit = func(chat int64, until time.Time) {
		if err := b.store.SetRateLimit(context.WithoutCancel(b.ctx), chat, until); err != nil {
			b.log.Warn("recording a rate limit failed", "chat", chat, "err", err)
		}
	}
	b.boards.bot = b
	return b, nil
}

// Run serves until ctx ends, then stops taking updates, finishes the work
// under way, pauses every clock and returns.
func (b *Bot) Run(ctx context.Context) error {
	b.ctx = ctx
	if b.username == "" {
		me, err := b.api.GetMe(ctx)
		if err != nil {
			return fmt.Errorf("bot: getMe: %w", err)
		}
		b.username = me.Username
	}
	if err := b.recoverClocks(ctx); err != nil {
		return err
	}
	limits, err := b.store.RateLimits(ctx, time.Now())
	if err != nil {
		return err
	}
	b.send.Restore(limits)
	b.registerCommands(ctx)
	go b.warmUp() // not waited for: nothing depends on it

	c := cron.New(cron.WithSeconds(), cron.WithChain(cron.Recover(cronLogger{b.log})))
	if _, err := c.AddFunc("* * * * * *", b.sweep); err != nil {
		return fmt.Errorf("bot: schedule sweep: %w", err)
	}
	if _, err := c.AddFunc("0 17 4 * * *", b.cleanUp); err != nil {
		return fmt.Errorf("bot: schedule clean-up: %w", err)
	}
	c.Start()

	p := &Poller{
		URL: b.cfg.APIURL, Token: b.cfg.Token, Client: &http.Client{Timeout: b.cfg.PollTimeout + 10*time.Second},
		Timeout: b.cfg.PollTimeout, Inbox: b.store, Handle: b.handleUpdate, Log: b.log,
	}
	b.log.Info("bot started", "username", b.username)
	err = p.Run(ctx)
	<-c.Stop().Done()
	b.async.Wait()
	b.pauseClocks()
	b.log.Info("bot stopped")
	return err
}

// registerCommands sets the command menu in every language.
func (b *Bot) registerCommands(ctx context.Context) {
	for _, lang := range locales.Langs {
		var cmds []models.BotCommand
		for _, c := range locales.Commands(lang) {
			cmds = append(cmds, models.BotCommand{Command: c.Command, Description: c.Description})
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

// warmUp builds what the first game would otherwise wait for: the
// computer's bear-off databases and the board picture's static parts.
func (b *Bot) warmUp() {
	for _, rs := range []rules.RuleSet{rules.Nardi, rules.Standard} {
		b.player(game.Hard, game.Options{Rules: rs})
	}
	for _, portrait := range []bool{false, true} {
		if _, err := render.Board(render.View{Pos: rules.Start(), Portrait: portrait}); err != nil {
			b.log.Warn("warming up the renderer failed", "err", err)
		}
	}
}

// goAsync runs f in the background, tracked so that Run waits for it.
func (b *Bot) goAsync(f func(ctx context.Context)) {
	b.async.Add(1)
	go func() {
		defer b.async.Done()
		defer func() {
			if r := recover(); r != nil {
				b.log.Error("background work panicked", "panic", r)
			}
		}()
		f(context.WithoutCancel(b.ctx))
	}()
}

// cronLogger lets cron report recovered panics through slog.
type cronLogger struct{ log *slog.Logger }

func (l cronLogger) Info(msg string, kv ...any) {}
func (l cronLogger) Error(err error, msg string, kv ...any) {
	l.log.Error(msg, append(kv, "err", err)...)
}
