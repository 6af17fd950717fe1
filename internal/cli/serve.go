package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"nardi/ai"
	"nardi/bot"
	"nardi/internal/buildinfo"
	"nardi/metrics"
	"nardi/store"
	"nardi/web"
)

// serveEnv is the environment nardi serve is configured by, for its help.
const serveEnv = `Runs the Telegram bot, configured by the environment:
  TELEGRAM_BOT_TOKEN      the bot's token from @BotFather (required)
  TELEGRAM_API_URL        a Bot API server (default the official one)
  NARDI_DB                the database file (default nardi.db)
  NARDI_LISTEN            the address of the webhook, the pictures, the live board, /healthz and /metrics (unset: none)
  NARDI_METRICS_LISTEN    a separate address for /metrics and /healthz alone, such as 127.0.0.1:9090
  NARDI_WEBHOOK_URL       receive updates by webhook at this URL instead of polling
  NARDI_PUBLIC_URL        where Telegram reaches NARDI_LISTEN (https), for inline play and the live board (default the webhook's origin)
  NARDI_LIVE_APP          the live board's short name at @BotFather, for its links in groups and inline games
  NARDI_REMIND_AFTER      when the player on turn of a slow duel is reminded, such as 10m
  NARDI_IDLE_CLAIM_AFTER  when an untimed duel left alone may be claimed, such as 72h
  LOG_LEVEL               debug, info, warn or error (default info)`

// cmdServe is "nardi serve": the Telegram bot, configured from the
// environment (see bot.LoadSettings), which is checked whole before
// anything else is done.
func cmdServe(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags(stderr, "serve").About(serveEnv)
	if code, ok := fs.Parse(args, stdout); !ok {
		return code
	}
	if fs.NArg() > 0 {
		return fs.Fail("unexpected argument %q", fs.Arg(0))
	}
	set, err := bot.LoadSettings(os.Getenv)
	if err != nil {
		fmt.Fprintf(stderr, "nardi serve: the environment is not right:\n%v\n", err)
		return 2
	}
	token := set.Token
	log := slog.New(bot.Redact(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: set.LogLevel}), token))
	log.Info("nardi starting", "version", buildinfo.Version())
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	dbPath := set.DB
	release, err := store.Lock(dbPath)
	if err != nil {
		if errors.Is(err, store.ErrInUse) {
			err = fmt.Errorf("another nardi serve is running on %s; end it before starting this one: %w", dbPath, err)
		}
		log.Error("taking the database failed", "path", dbPath, "err", err)
		fmt.Fprintf(stderr, "nardi serve: %v\n", err)
		return 1
	}
	defer release()
	st, err := store.Open(ctx, dbPath, store.Config{})
	if err != nil {
		log.Error("opening the database failed", "path", dbPath, "err", err)
		return 1
	}
	defer st.Close()
	net, err := ai.ShippedNet()
	if err != nil {
		log.Error("loading the computer's network failed", "err", err)
		return 1
	}
	gauge := func(count func(context.Context) (int, error)) func() float64 {
		return func() float64 {
			n, err := count(context.Background())
			if err != nil {
				return -1
			}
			return float64(n)
		}
	}
	m := metrics.New(metrics.Gauges{
		ActiveGames: gauge(func(ctx context.Context) (int, error) { ids, err := st.ActiveGames(ctx); return len(ids), err }),
		InboxDepth:  gauge(st.InboxDepth),
	})
	b, err := bot.New(bot.Config{Token: token, APIURL: set.APIURL, Store: st, Net: net, Log: log, Metrics: m,
		Listen: set.Listen, MetricsListen: set.MetricsListen, WebhookURL: set.WebhookURL, PublicURL: set.PublicURL,
		LiveApp: set.LiveApp, RemindAfter: set.RemindAfter, IdleClaim: set.IdleClaim})
	if err != nil {
		log.Error("starting the bot failed", "err", err)
		return 1
	}
	live, err := web.New(web.Config{Table: b.Table(), Store: st, Token: token, Log: log})
	if err != nil {
		log.Error("starting the live board failed", "err", err)
		return 1
	}
	defer live.Close()
	b.Mount("/app/", live.Handler())
	if err := b.Run(ctx); err != nil {
		log.Error("the bot stopped with an error", "err", err)
		return 1
	}
	return 0
}

func envOr(name, fallback string) string {
	if v := strings.TrimSpace(os.Getenv(name)); v != "" {
		return v
	}
	return fallback
}
