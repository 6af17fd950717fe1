package web

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"

	"nardi/locales"
	"nardi/store"
	"nardi/table"
)

// actRequest is a decision as the page sends it.
type actRequest struct {
	Code    string `json:"g"`
	Counter uint32 `json:"counter"`
	Action  string `json:"action"`
	From    int    `json:"from"`
	To      int    `json:"to"`
}

// maxAct bounds a decision's body.
const maxAct = 1 << 10

// serveAct answers POST /api/act: the decision goes through the centre,
// which checks who may act and the counter; the answer is the new State,
// or a refusal with the State as it stands.
func (s *Server) serveAct(w http.ResponseWriter, r *http.Request) {
	v, ok := s.visit(w, r, r.Header.Get("X-Init-Data"))
	if !ok {
		return
	}
	var a actRequest
	if err := json.NewDecoder(io.LimitReader(r.Body, maxAct)).Decode(&a); err != nil || a.Code == "" {
		refuse(w, http.StatusBadRequest, v.lang, "unknown", nil)
		return
	}
	id, err := s.cfg.Table.ParseLiveCode(a.Code)
	if err != nil {
		s.missing(w, r, v, err)
		return
	}
	if a.Action == "rematch" {
		s.rematch(w, r, v, id)
		return
	}
	out, err := s.cfg.Table.Act(r.Context(), v.user, table.LiveAct{Game: id, Counter: a.Counter, Kind: a.Action, From: a.From, To: a.To})
	if err != nil {
		if errors.Is(err, store.ErrNotFound) {
			s.missing(w, r, v, err)
			return
		}
		var st *State
		if cur, err := s.cfg.Table.Current(r.Context(), id); err == nil {
			s := s.stateFor(cur.Game, v, a.Code)
			st = &s
		}
		refused(w, v.lang, err, st)
		return
	}
	writeJSON(w, http.StatusOK, s.stateFor(out.Game, v, a.Code))
}

// rematch answers 🔁 on the live board after a finished game: against the
// computer a new game begins, which the page then shows; with a friend
// the offer goes to them in the chat (or their waiting offer is taken,
// and the new game shown).
func (s *Server) rematch(w http.ResponseWriter, r *http.Request, v visitor, id int64) {
	code := s.cfg.Table.LiveCode(id)
	rm, err := s.cfg.Table.LiveRematch(r.Context(), v.user, id)
	var next *store.GameRecord
	switch {
	case err == nil && rm.Computer != nil:
		next = rm.Computer.Game
	case err == nil && rm.Accepted != nil:
		next = rm.Accepted.Game
	}
	if next != nil {
		writeJSON(w, http.StatusOK, s.stateFor(next, v, s.cfg.Table.LiveCode(next.ID)))
		return
	}
	cur, cerr := s.cfg.Table.Current(r.Context(), id)
	if cerr != nil {
		s.missing(w, r, v, cerr)
		return
	}
	st := s.stateFor(cur.Game, v, code)
	switch {
	case table.CodeOf(err) == table.ErrUnknown:
		refuse(w, http.StatusConflict, v.lang, "rematch_in_chat", &st)
	case err != nil:
		refused(w, v.lang, err, &st)
	default:
		// The offer is on its way to the friend, or was already.
		writeJSON(w, http.StatusConflict, apiError{Error: plain(locales.T(v.lang, "toast.rematch_sent", nil)), Code: "rematch_sent", State: &st})
	}
}

// refusals name the centre's refusals for the page, each with the
// catalogue's words the chat says it with; the rest are "unknown".
var refusals = map[table.Code][2]string{
	table.ErrStale:         {"stale", "toast.stale"},
	table.ErrNotYourTurn:   {"not_your_turn", "toast.not_your_turn"},
	table.ErrIllegal:       {"illegal", "toast.illegal"},
	table.ErrGameOver:      {"over", "toast.game_over"},
	table.ErrNotAPlayer:    {"not_player", "toast.not_player"},
	table.ErrNothingToUndo: {"nothing_to_undo", "toast.nothing_to_undo"},
	table.ErrClaimNotYet:   {"claim_not_yet", "toast.claim_not_yet"},
	table.ErrClaimOnTurn:   {"claim_opponent_only", "toast.claim_opponent_only"},
	table.ErrInProgress:    {"in_progress", "toast.game_in_progress"},
}

// refusalOf names a refusal of the centre and its words.
func refusalOf(err error) (code, key string) {
	if r, ok := refusals[table.CodeOf(err)]; ok {
		return r[0], r[1]
	}
	return "unknown", "toast.error"
}

// refused answers with a refusal of the centre, in the person's
// language, and the game as it stands.
func refused(w http.ResponseWriter, lang locales.Lang, err error, st *State) {
	code, key := refusalOf(err)
	writeJSON(w, httpStatus(err), apiError{Error: plain(locales.T(lang, key, nil)), Code: code, State: st})
}

// httpStatus is the HTTP status of a refusal.
func httpStatus(err error) int {
	switch table.CodeOf(err) {
	case table.ErrNotAPlayer:
		return http.StatusForbidden
	case table.ErrUnknown:
		return http.StatusBadRequest
	}
	return http.StatusConflict
}

// pageTexts are the page's words: its name for each (as the page reads
// State.text) and the catalogue's key, shared with the chat's buttons
// where the chat says the same thing.
var pageTexts = map[string]string{
	"roll": "button.roll", "undo": "button.undo", "confirm": "button.confirm", "double": "button.double",
	"take": "button.take", "pass": "button.drop", "resign": "button.resign", "claim": "button.claim",
	"rematch": "button.rematch", "next": "button.next_game", "yes": "button.resign_yes", "no": "button.cancel",
	"title": "app.title", "bar": "app.bar", "off": "app.off", "point": "app.point", "pips": "app.pips",
	"reconnecting": "app.reconnecting", "spectator": "app.spectator", "error_network": "app.error_network",
}

// texts are the page's words in a language.
func texts(lang locales.Lang) map[string]string {
	out := make(map[string]string, len(pageTexts)+1)
	for name, key := range pageTexts {
		out[name] = plain(locales.T(lang, key, nil))
	}
	return out
}
