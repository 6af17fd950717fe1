// Package web is the live board: a Telegram Mini App that shows a game as
// it changes and takes a player's decisions, beside the chat board of
// package bot. It is an adapter of its own: it calls the same centre
// (package table) with the same checks, and follows the games it shows
// through the centre's notifications (table.Watch), never polling the
// store. Its page is embedded (static/) and needs no build step.
//
// Every request carries Telegram's initData, checked against the bot's
// token: the person is the user in it and nobody else. The routes, under
// the prefix the adapter is mounted at:
//
//	GET  /               the page (index.html, app.js, app.css)
//	GET  /api/state      the game's State for the person (?g=CODE)
//	POST /api/act        a decision ({"g", "counter", "action", "from", "to"}); the new State
//	GET  /api/live       a WebSocket that sends the State at once and at every change
//
// initData comes in the X-Init-Data header, or in the init query parameter
// on the WebSocket (which a browser opens without headers).
//
// The page reads Telegram's launch parameters from the URL fragment
// (#tgWebAppData=..., the game's code as start_param inside it, or ?g= in
// the page's address) and keeps a contract that tests from outside rely
// on: document.body carries data-position (the Position ID, the mover on
// roll), data-counter (the move counter), data-dice ("6 5"; empty before a
// roll) and data-state (move when the viewer decides now, wait, cube when
// the viewer must answer a double, over, or error with a visible message);
// each point is an element with data-point "1".."24" (the viewer's
// numbering), "bar" or "off"; a point whose checker may move now carries
// data-movable, and once tapped its targets carry data-target; each
// control has data-action: roll, undo, confirm, double, take, pass,
// resign (which asks first: its answers carry data-answer yes or no),
// claim, rematch or next.
package web

import (
	"context"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"time"

	"nardi/game"
	"nardi/locales"
	"nardi/store"
	"nardi/table"
)

//go:embed static
var static embed.FS

// Config is what the live board needs.
type Config struct {
	// Table is the centre, shared with the chat adapter.
	Table *table.Service
	// Store gives the people's settings and languages.
	Store *store.Store
	// Token is the bot's token, which signs every page's initData.
	Token string
	// Log is where problems go.
	Log *slog.Logger
	// Now tells the time (time.Now by default).
	Now func() time.Time
	// MaxAge is how old an initData may be (a day by default).
	MaxAge time.Duration
	// Rate bounds each person's requests (DefaultRate when zero).
	Rate Rate
}

// Rate bounds what one person may ask of the live board: requests a
// second with a burst, and live connections at once.
type Rate struct {
	PerSecond float64
	Burst     int
	Live      int
}

// DefaultRate lets a person tap briskly on a few pages at once, and no
// more.
var DefaultRate = Rate{PerSecond: 10, Burst: 30, Live: 8}

// Server serves the live board. It is safe for concurrent use.
type Server struct {
	cfg    Config
	hub    hub
	limits limiter
	page   pageFiles
	done   chan struct{}
	once   sync.Once
}

// New makes the live board and has it follow the centre's changes.
func New(cfg Config) (*Server, error) {
	if cfg.Table == nil || cfg.Store == nil || cfg.Token == "" {
		return nil, errors.New("web: a centre, a store and the bot's token are required")
	}
	if cfg.Log == nil {
		cfg.Log = slog.Default()
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.MaxAge <= 0 {
		cfg.MaxAge = 24 * time.Hour
	}
	if cfg.Rate == (Rate{}) {
		cfg.Rate = DefaultRate
	}
	files, err := fs.Sub(static, "static")
	if err != nil {
		return nil, fmt.Errorf("web: the page: %w", err)
	}
	page, err := loadPage(files)
	if err != nil {
		return nil, fmt.Errorf("web: the page: %w", err)
	}
	s := &Server{cfg: cfg, done: make(chan struct{}), page: page}
	s.limits.rate = cfg.Rate
	cfg.Table.Watch(s.hub.changed)
	return s, nil
}

// Close ends the live connections, as the bot shuts down.
func (s *Server) Close() { s.once.Do(func() { close(s.done) }) }

// Handler serves the routes, to be mounted under a prefix with the prefix
// stripped (see package doc).
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.Handle("GET /", s.page)
	mux.HandleFunc("GET /api/state", s.serveState)
	mux.HandleFunc("POST /api/act", s.serveAct)
	mux.HandleFunc("GET /api/live", s.serveLive)
	return mux
}

// apiError is a refusal as the page reads it.
type apiError struct {
	Error string `json:"error"`
	Code  string `json:"code"`
	State *State `json:"state,omitempty"`
}

// writeJSON answers with a value as JSON.
func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// refuse answers with a localized refusal.
func refuse(w http.ResponseWriter, status int, lang locales.Lang, code string, st *State) {
	writeJSON(w, status, apiError{Error: plain(locales.T(lang, "app.error_"+code, nil)), Code: code, State: st})
}

// visitor is a checked request's person, their language and settings.
type visitor struct {
	launch Launch
	user   store.User
	lang   locales.Lang
}

// visit checks a request's initData and bounds the person's requests; on
// failure it has answered.
func (s *Server) visit(w http.ResponseWriter, r *http.Request, raw string) (visitor, bool) {
	lang := locales.FromTelegram(r.Header.Get("Accept-Language"))
	l, err := checkInitData(raw, s.cfg.Token, s.cfg.MaxAge, s.cfg.Now())
	if err != nil {
		refuse(w, http.StatusUnauthorized, lang, "forbidden", nil)
		return visitor{}, false
	}
	if !s.limits.allow(l.Person.ID, s.cfg.Now()) {
		refuse(w, http.StatusTooManyRequests, locales.FromTelegram(l.Person.LanguageCode), "too_many", nil)
		return visitor{}, false
	}
	v := visitor{launch: l, lang: locales.FromTelegram(l.Person.LanguageCode)}
	v.user = store.User{ID: l.Person.ID, Name: strings.TrimSpace(l.Person.FirstName + " " + l.Person.LastName), LangCode: l.Person.LanguageCode}
	if u, err := s.cfg.Store.User(r.Context(), l.Person.ID); err == nil {
		v.user = u
		if lg, ok := locales.Parse(u.Language); ok {
			v.lang = lg
		} else if u.LangCode != "" {
			v.lang = locales.FromTelegram(u.LangCode)
		}
	}
	return v, true
}

// gameOf finds the game a request names: a code given, else the direct
// link's start parameter, else the person's game going in their private
// chat.
func (s *Server) gameOf(ctx context.Context, v visitor, code string) (*store.GameRecord, string, error) {
	if code == "" {
		code = v.launch.StartParam
	}
	if code == "" {
		rec, err := s.cfg.Table.ActiveGame(ctx, table.Actor{User: v.user, Chat: v.user.ID})
		if err != nil {
			return nil, "", err
		}
		return rec, s.cfg.Table.LiveCode(rec.ID), nil
	}
	id, err := s.cfg.Table.ParseLiveCode(code)
	if err != nil {
		return nil, "", err
	}
	out, err := s.cfg.Table.Current(ctx, id)
	if err != nil {
		return nil, "", err
	}
	return out.Game, code, nil
}

// stateFor draws a game for a visitor.
func (s *Server) stateFor(rec *store.GameRecord, v visitor, code string) State {
	seat, ok := rec.Game.SeatOf(v.user.ID)
	if !ok {
		seat = game.NoSeat
	}
	return stateOf(rec, view{seat: seat, lang: v.lang, homeLeft: v.user.Settings.HomeLeft, code: code}, s.cfg.Now())
}

// serveState answers GET /api/state.
func (s *Server) serveState(w http.ResponseWriter, r *http.Request) {
	v, ok := s.visit(w, r, r.Header.Get("X-Init-Data"))
	if !ok {
		return
	}
	rec, code, err := s.gameOf(r.Context(), v, r.URL.Query().Get("g"))
	if err != nil {
		s.missing(w, r, v, err)
		return
	}
	st := s.stateFor(rec, v, code)
	writeJSON(w, http.StatusOK, st)
}

// missing answers a request for a game that cannot be shown.
func (s *Server) missing(w http.ResponseWriter, r *http.Request, v visitor, err error) {
	if table.CodeOf(err) == table.ErrNoGame || table.CodeOf(err) == table.ErrUnknown || errors.Is(err, store.ErrNotFound) {
		refuse(w, http.StatusNotFound, v.lang, "no_game", nil)
		return
	}
	if r.Context().Err() == nil {
		s.cfg.Log.Error("live board: loading a game failed", "err", err)
	}
	refuse(w, http.StatusInternalServerError, v.lang, "unknown", nil)
}
