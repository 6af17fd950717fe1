package bot

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"strings"
	"time"

	tg "github.com/go-telegram/bot"

	"nardi/store"
)

// The bot's HTTP endpoints. The public one (Config.Listen): /healthz, the
// pictures of inline messages and, in webhook mode (Config.WebhookURL),
// the path Telegram posts updates to, with /metrics unless the operators'
// endpoint (Config.MetricsListen) serves it and /healthz; every client is
// held to HTTPLimits. A webhook request must carry the secret token the bot
// gave Telegram in setWebhook (401 otherwise, and nothing changes); each
// update is stored in the durable inbox before the 200 goes back, so a
// crash between the two loses nothing: Telegram sends it again, or the
// inbox replays it at the next start, and an update handled already is
// not stored twice.

// healthWindow is how long without an answer from Telegram /healthz
// tolerates.
const healthWindow = 3 * time.Minute

// maxUpdate bounds a webhook request's body.
const maxUpdate = 1 << 20

// webhookSecret draws the secret token for setWebhook.
func webhookSecret() string {
	var b [32]byte
	rand.Read(b[:])
	return base64.RawURLEncoding.EncodeToString(b[:])
}

// listener opens the listener of an endpoint at addr (ln instead when
// given), or returns nil when there is none to serve.
func listener(ln net.Listener, addr string) (net.Listener, error) {
	if ln != nil {
		return ln, nil
	}
	if addr == "" {
		return nil, nil
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("bot: listen on %s: %w", addr, err)
	}
	return ln, nil
}

// publicMux routes the public endpoint: /healthz, the webhook (hook on
// hookPath, when set), the pictures of inline messages, and /metrics
// when withMetrics (no operators' endpoint of its own).
func (b *Bot) publicMux(hook http.Handler, hookPath string, withMetrics bool) *http.ServeMux {
	limits := b.cfg.HTTPLimits.orDefault()
	mux := http.NewServeMux()
	mux.Handle("GET /healthz", within(limits.Answer, http.HandlerFunc(b.healthz)))
	if withMetrics && b.cfg.Metrics != nil {
		mux.Handle("GET /metrics", within(limits.Metrics, b.cfg.Metrics.Handler()))
	}
	if hook != nil {
		mux.Handle("POST "+hookPath, within(limits.Body+limits.Answer, hook))
	}
	// The pictures of inline messages, which Telegram fetches by URL.
	mux.Handle("GET /board/{name}", within(limits.Metrics, http.HandlerFunc(b.servePicture)))
	mux.Handle("GET /card/{name}", within(limits.Metrics, http.HandlerFunc(b.serveCard)))
	// Other adapters' pages (see Mount): each request within the answer's
	// limit; a live connection lifts its own.
	for path, h := range b.mounts {
		mux.Handle(path, within(limits.Answer, http.StripPrefix(strings.TrimSuffix(path, "/"), h)))
	}
	return mux
}

// opsMux routes the operators' endpoint (Config.MetricsListen): /metrics
// and /healthz.
func (b *Bot) opsMux() *http.ServeMux {
	limits := b.cfg.HTTPLimits.orDefault()
	mux := http.NewServeMux()
	mux.Handle("GET /healthz", within(limits.Answer, http.HandlerFunc(b.healthz)))
	if b.cfg.Metrics != nil {
		mux.Handle("GET /metrics", within(limits.Metrics, b.cfg.Metrics.Handler()))
	}
	return mux
}

// serveHTTP serves mux on ln until the returned function is called (at
// shutdown); which names the endpoint in the log.
func (b *Bot) serveHTTP(ctx context.Context, ln net.Listener, mux http.Handler, which string) func() {
	limits := b.cfg.HTTPLimits.orDefault()
	srv := limits.server(mux)
	srv.ErrorLog = slog.NewLogLogger(b.log.Handler(), slog.LevelDebug) // a client's broken request is no news
	done := make(chan struct{})
	go func() {
		defer close(done)
		if err := srv.Serve(limitPerAddr(ln, limits.PerAddr)); err != nil && !errors.Is(err, http.ErrServerClosed) {
			b.log.Error("an HTTP endpoint failed", "endpoint", which, "err", err)
		}
	}()
	b.log.Info("HTTP endpoint listening", "endpoint", which, "addr", ln.Addr().String())
	return func() {
		sctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
		defer cancel()
		_ = srv.Shutdown(sctx)
		<-done
	}
}

// healthz answers 200 while the database answers and Telegram answered
// lately, 503 with the reason otherwise.
func (b *Bot) healthz(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
	defer cancel()
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	if err := b.store.Ping(ctx); err != nil {
		w.WriteHeader(http.StatusServiceUnavailable)
		fmt.Fprintf(w, "database: %v\n", err)
		return
	}
	last := time.Unix(0, b.contact.Load())
	if since := time.Since(last); since > healthWindow {
		w.WriteHeader(http.StatusServiceUnavailable)
		fmt.Fprintf(w, "telegram: no answer for %s\n", since.Round(time.Second))
		return
	}
	fmt.Fprintln(w, "ok")
}

// keepInTouch makes sure Telegram is asked something at least every
// minute (in webhook mode nothing else may call it for a while), so that
// /healthz knows whether it answers.
func (b *Bot) keepInTouch(ctx context.Context) {
	every(ctx, time.Minute, func() {
		if time.Since(time.Unix(0, b.contact.Load())) < time.Minute {
			return
		}
		err := b.send.call(ctx, 0, "getMe", func(ctx context.Context) error {
			_, err := b.api.GetMe(ctx)
			return err
		})
		if err != nil && ctx.Err() == nil {
			b.log.Warn("telegram does not answer", "err", err)
		}
	})
}

// webhook is the handler Telegram posts updates to.
type webhook struct {
	secret string
	inbox  WebhookInbox
	poller *Poller // dispatches each stored update
	ctx    context.Context
}

// WebhookInbox stores updates one at a time, as a webhook receives them.
type WebhookInbox interface {
	// ReceiveOne stores an update and tells whether it is new.
	ReceiveOne(ctx context.Context, u store.Update) (bool, error)
}

func (h *webhook) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	got := r.Header.Get("X-Telegram-Bot-Api-Secret-Token")
	if subtle.ConstantTimeCompare([]byte(got), []byte(h.secret)) != 1 {
		http.Error(w, "unauthorized", http.StatusUnauthorized)
		return
	}
	body, err := io.ReadAll(io.LimitReader(r.Body, maxUpdate+1))
	if err != nil || len(body) > maxUpdate {
		http.Error(w, "bad request", http.StatusBadRequest)
		return
	}
	var head struct {
		ID *int64 `json:"update_id"`
	}
	if err := json.Unmarshal(body, &head); err != nil || head.ID == nil {
		http.Error(w, "not an update", http.StatusBadRequest)
		return
	}
	u := store.Update{ID: *head.ID, Body: body}
	fresh, err := h.inbox.ReceiveOne(context.WithoutCancel(r.Context()), u)
	if err != nil {
		// Not stored: Telegram will send it again.
		h.poller.Log.Error("storing an update failed", "update", u.ID, "err", err)
		http.Error(w, "try again", http.StatusInternalServerError)
		return
	}
	if h.poller.Contact != nil {
		h.poller.Contact.Store(time.Now().UnixNano())
	}
	w.WriteHeader(http.StatusOK)
	if fresh { // a delivery repeated is stored, or handled, already
		h.poller.Metrics.Received(1)
		h.poller.dispatch(h.ctx, u)
	}
}

// setWebhook registers the webhook with a fresh secret, which it returns
// with the path to serve it on.
func (b *Bot) setWebhook(ctx context.Context) (secret, path string, err error) {
	u, err := url.Parse(b.cfg.WebhookURL)
	if err != nil || u.Scheme == "" || u.Host == "" {
		return "", "", fmt.Errorf("bot: NARDI_WEBHOOK_URL %q is not an absolute URL", b.cfg.WebhookURL)
	}
	path = u.Path
	if path == "" {
		path = "/"
	}
	secret = webhookSecret()
	err = b.send.call(ctx, 0, "setWebhook", func(ctx context.Context) error {
		_, err := b.api.SetWebhook(ctx, &tg.SetWebhookParams{URL: b.cfg.WebhookURL, SecretToken: secret,
			AllowedUpdates: allowedUpdates})
		return err
	})
	if err != nil {
		return "", "", fmt.Errorf("bot: setWebhook: %w", err)
	}
	return secret, path, nil
}

// deleteWebhook leaves webhook mode, so that polling works again.
func (b *Bot) deleteWebhook(ctx context.Context) {
	err := b.send.call(ctx, 0, "deleteWebhook", func(ctx context.Context) error {
		_, err := b.api.DeleteWebhook(ctx, &tg.DeleteWebhookParams{})
		return err
	})
	if err != nil {
		b.log.Warn("deleting the webhook failed", "err", err)
	}
}
