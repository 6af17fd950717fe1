package main

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
)

// cmdServe is "nardi serve": the Telegram bot, configured from the
// environment (see bot.LoadSettings), which is checked whole before
// anything else is done.
func cmdServe(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		fmt.Fprintln(stderr, "usage: nardi serve (configured by TELEGRAM_BOT_TOKEN, TELEGRAM_API_URL, NARDI_DB, NARDI_LISTEN, NARDI_METRICS_LISTEN, NARDI_WEBHOOK_URL, NARDI_PUBLIC_URL, LOG_LEVEL...)")
		return 2
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
		RemindAfter: set.RemindAfter, IdleClaim: set.IdleClaim})
	if err != nil {
		log.Error("starting the bot failed", "err", err)
		return 1
	}
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
