package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/url"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"nardi/ai"
	"nardi/bot"
	"nardi/metrics"
	"nardi/store"
)

// cmdServe is "nardi serve": the Telegram bot, configured from the
// environment: TELEGRAM_BOT_TOKEN (required), TELEGRAM_API_URL, NARDI_DB,
// LOG_LEVEL (debug, info, warn, error).
func cmdServe(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		fmt.Fprintln(stderr, "usage: nardi serve (configured by TELEGRAM_BOT_TOKEN, TELEGRAM_API_URL, NARDI_DB, LOG_LEVEL)")
		return 2
	}
	token := strings.TrimSpace(os.Getenv("TELEGRAM_BOT_TOKEN"))
	if token == "" {
		fmt.Fprintln(stderr, "nardi serve: TELEGRAM_BOT_TOKEN is not set; get a token from @BotFather and export it")
		return 2
	}
	var level slog.Level
	if err := level.UnmarshalText([]byte(envOr("LOG_LEVEL", "info"))); err != nil {
		fmt.Fprintf(stderr, "nardi serve: LOG_LEVEL: %v\n", err)
		return 2
	}
	log := slog.New(bot.Redact(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: level}), token))
	apiURL, err := apiURL(os.Getenv("TELEGRAM_API_URL"))
	if err != nil {
		fmt.Fprintf(stderr, "nardi serve: TELEGRAM_API_URL: %v\n", err)
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	dbPath := envOr("NARDI_DB", "nardi.db")
	release, err := store.Lock(dbPath)
	if err != nil {
		if errors.Is(err, store.ErrInUse) {
			err = fmt.Errorf("another nardi serve is running on %s; stop it before starting this one: %w", dbPath, err)
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
	var delays [2]time.Duration
	for i, name := range []string{"NARDI_REMIND_AFTER", "NARDI_IDLE_CLAIM_AFTER"} {
		if delays[i], err = envDuration(name); err != nil {
			fmt.Fprintf(stderr, "nardi serve: %v\n", err)
			return 2
		}
	}
	b, err := bot.New(bot.Config{Token: token, APIURL: apiURL, Store: st, Net: net, Log: log, Metrics: m,
		Listen: os.Getenv("NARDI_LISTEN"), WebhookURL: os.Getenv("NARDI_WEBHOOK_URL"), PublicURL: os.Getenv("NARDI_PUBLIC_URL"),
		RemindAfter: delays[0], IdleClaim: delays[1]})
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

// apiURL checks TELEGRAM_API_URL: empty for the official Bot API, else an
// http or https URL with a host (stray spaces around it are dropped).
func apiURL(raw string) (string, error) {
	raw = strings.TrimSpace(raw)
	if raw == "" {
		return bot.DefaultAPIURL, nil
	}
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.RawQuery != "" || u.Fragment != "" {
		return "", fmt.Errorf("%q is not an http or https URL of a Bot API server", raw)
	}
	return strings.TrimRight(raw, "/"), nil
}

// envDuration reads a positive duration ("10m", "72h", "8s") from the
// environment; 0 when unset, for the default.
func envDuration(name string) (time.Duration, error) {
	v := strings.TrimSpace(os.Getenv(name))
	if v == "" {
		return 0, nil
	}
	d, err := time.ParseDuration(v)
	if err != nil || d <= 0 {
		return 0, fmt.Errorf("%s: %q is not a positive duration such as 10m or 72h", name, v)
	}
	return d, nil
}

func envOr(name, fallback string) string {
	if v := strings.TrimSpace(os.Getenv(name)); v != "" {
		return v
	}
	return fallback
}
