package web

import (
	"context"
	"encoding/json"
	"net/http"
	"time"

	"github.com/coder/websocket"
)

// keepAlive is how often a quiet live connection is pinged, so that
// proxies keep it and a dead peer is found.
const keepAlive = 25 * time.Second

// writeWithin bounds each message's sending.
const writeWithin = 10 * time.Second

// serveLive answers GET /api/live: a WebSocket that sends the game's State
// at once and after every change the centre tells of, until the page goes
// or the bot stops. The page sends nothing on it.
func (s *Server) serveLive(w http.ResponseWriter, r *http.Request) {
	v, ok := s.visit(w, r, r.URL.Query().Get("init"))
	if !ok {
		return
	}
	rec, code, err := s.gameOf(r.Context(), v, r.URL.Query().Get("g"))
	if err != nil {
		s.missing(w, r, v, err)
		return
	}
	id := rec.ID
	if !s.limits.connect(v.user.ID) {
		refuse(w, http.StatusTooManyRequests, v.lang, "too_many", nil)
		return
	}
	defer s.limits.disconnect(v.user.ID)
	// The endpoint's deadlines are for requests that end; this one lasts.
	rc := http.NewResponseController(w)
	_ = rc.SetReadDeadline(time.Time{})
	_ = rc.SetWriteDeadline(time.Time{})
	c, err := websocket.Accept(w, r, nil)
	if err != nil {
		return // Accept has answered
	}
	defer c.CloseNow()
	woken, end := s.hub.subscribe(id)
	defer end()
	ctx := c.CloseRead(r.Context())
	ping := time.NewTicker(keepAlive)
	defer ping.Stop()
	send := func() error {
		out, err := s.cfg.Table.Current(ctx, id)
		if err != nil {
			return err
		}
		b, err := json.Marshal(s.stateFor(out.Game, v, code))
		if err != nil {
			return err
		}
		wctx, cancel := context.WithTimeout(ctx, writeWithin)
		defer cancel()
		return c.Write(wctx, websocket.MessageText, b)
	}
	if err := send(); err != nil {
		return
	}
	for {
		select {
		case <-ctx.Done():
			return
		case <-s.done:
			c.Close(websocket.StatusGoingAway, "the bot is stopping")
			return
		case <-woken:
			if err := send(); err != nil {
				return
			}
		case <-ping.C:
			pctx, cancel := context.WithTimeout(ctx, writeWithin)
			err := c.Ping(pctx)
			cancel()
			if err != nil {
				return
			}
		}
	}
}
