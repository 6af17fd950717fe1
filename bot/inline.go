package bot

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"errors"
	"fmt"
	"image/jpeg"
	"image/png"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	tg "github.com/go-telegram/bot"
	"github.com/go-telegram/bot/models"

	"nardi/game"
	"nardi/locales"
	"nardi/render"
	"nardi/rules"
	"nardi/store"
	"nardi/table"
)

// Inline mode: typing @bot in any chat offers challenge cards (a picture
// of the starting board with the terms and ⚔); the card posted becomes
// the game's board when a friend takes it, edited in place for everyone
// in that chat to watch. An inline message has no chat: the store gives
// each one a chat id of its own (store.InlineChat), paced as a group, and
// the centre sees the card as that chat's one board message
// (table.InlineMessage). Telegram takes an inline message's new picture
// only by URL, so boards are served as JPEGs at Config.PublicURL, each at
// an address signed with a secret and naming the game's state, so that it
// can be neither guessed nor cached stale.

// inlineCards are the cards offered for an empty query: each game, a
// match, and the slow clocks.
var inlineCards = []terms{
	{clock: game.DuelClock, clocked: true},
	{long: true, clock: game.DuelClock, clocked: true},
	{classic: true, clock: game.DuelClock, clocked: true},
	{clock: game.TimeControl{Move: game.Day}, clocked: true},
	{clocked: true},
	{classic: true, match: 5, clock: game.DuelClock, clocked: true},
}

// inlineOptions are the terms of a card: a duel's clock unless it names
// one.
func inlineOptions(t terms) game.Options {
	clock := game.DuelClock
	if t.clocked {
		clock = t.clock
	}
	o := t.options(clock)
	// Nothing proves the challenger (seat 0) was ever shown the game (with
	// inline feedback off, not even who posted the card): their time
	// counts only once they have played, and after the idle claim's time
	// (set as the game begins) the taker may claim.
	o.WaitFirstMove = true
	return o
}

// inlineArg writes a card's terms for its button: termsArg, with "/0"
// for no clock (which termsArg leaves out).
func inlineArg(t terms) string {
	arg := termsArg(t)
	if t.clocked && !t.clock.Enabled() {
		arg += "/0"
	}
	return arg
}

// signer makes and checks the signatures of the bot's own data that
// clients hand back: a card's terms, a picture's address.
type signer struct{ key []byte }

// sign returns a short signature of the parts.
func (s signer) sign(parts ...string) string {
	m := hmac.New(sha256.New, s.key)
	m.Write([]byte(strings.Join(parts, "\x00")))
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil)[:9])
}

// valid tells whether sig signs the parts.
func (s signer) valid(sig string, parts ...string) bool {
	return hmac.Equal([]byte(sig), []byte(s.sign(parts...)))
}

// sigLen is the length of a signature as sign writes it: 9 bytes in
// base64url.
const sigLen = 12

// wellFormed tells whether sig has the shape of a signature, before any
// work is spent on what it signs.
func wellFormed(sig string) bool {
	if len(sig) != sigLen {
		return false
	}
	_, err := base64.RawURLEncoding.DecodeString(sig)
	return err == nil
}

// ready tells whether the signer has its key (Run loads it).
func (s signer) ready() bool { return len(s.key) > 0 }

// onInlineQuery answers @bot typed in a chat with challenge cards: those
// the query's words describe ("long 5pt 1d", as /duel reads them), or
// the usual ones.
func (b *Bot) onInlineQuery(ctx context.Context, q *models.InlineQuery) {
	if !b.inlineAsks.allow(0, q.From.ID, time.Now()) {
		b.log.Debug("an inline query left unanswered: too many", "user", q.From.ID)
		return
	}
	user, err := b.knowUser(ctx, q.From)
	if err != nil {
		b.log.Error("storing a user failed", "user", q.From.ID, "err", err)
		return
	}
	lang := langOf(user)
	params := &tg.AnswerInlineQueryParams{InlineQueryID: q.ID, CacheTime: 30, IsPersonal: true}
	sg := b.signer
	if b.cfg.PublicURL == "" || !sg.ready() {
		// Without an address for its pictures the bot cannot play in an
		// inline message: it invites to a private chat instead.
		params.Button = &models.InlineQueryResultsButton{Text: locales.T(lang, "inline.private", nil), StartParameter: "inline"}
		params.Results = []models.InlineQueryResult{}
	} else {
		cards := inlineCards
		if t, ok := parseTerms(q.Query, false); ok && strings.TrimSpace(q.Query) != "" {
			cards = []terms{t}
		}
		for _, t := range cards {
			params.Results = append(params.Results, b.card(lang, user, t, sg))
		}
	}
	err = b.send.call(ctx, 0, "answerInlineQuery", func(ctx context.Context) error {
		_, err := b.api.AnswerInlineQuery(ctx, params)
		return err
	})
	if err != nil {
		b.log.Warn("answering an inline query failed", "err", err)
	}
}

// card is an inline result: the starting board of the game, the terms
// in the caption, and ⚔ to accept, carrying the challenger and the
// terms, signed.
func (b *Bot) card(lang locales.Lang, user store.User, t terms, sg signer) models.InlineQueryResult {
	arg := inlineArg(t)
	from := strconv.FormatInt(user.ID, 10)
	accept := action{op: opInlineAccept, game: user.ID, arg: arg + "." + sg.sign("card", from, arg)}
	opts := inlineOptions(t)
	kind := "nardi"
	switch {
	case t.classic:
		kind = "classic"
	case t.long:
		kind = "long"
	}
	length := locales.T(lang, "button.one_game", nil)
	if t.match > 0 {
		length = locales.T(lang, "button.match", map[string]any{"Points": t.match})
	}
	picture := b.cfg.PublicURL + "/card/" + opts.Game().Name() + ".jpg"
	return &models.InlineQueryResultPhoto{
		ID: arg, PhotoURL: picture, ThumbnailURL: picture,
		Title:       locales.T(lang, "button.game_"+kind, nil) + " · " + length,
		Description: clockLine(lang, opts.Clock),
		Caption: locales.T(lang, "inline.card", map[string]any{"Name": user.Name,
			"Terms": locales.HTML(termsLines(lang, opts))}),
		ParseMode:   models.ParseModeHTML,
		ReplyMarkup: &models.InlineKeyboardMarkup{InlineKeyboard: [][]models.InlineKeyboardButton{{button(locales.T(lang, "button.accept", nil), accept)}}},
	}
}

// onInlineAccept answers ⚔ on a card: the first other person to tap it
// plays its challenger, on that message.
func (b *Bot) onInlineAccept(ctx context.Context, r *request, a action) {
	arg, sig, ok := strings.Cut(a.arg, ".")
	sg := b.signer
	if !ok || !sg.ready() || !store.IsInline(r.chat) || !sg.valid(sig, "card", strconv.FormatInt(a.game, 10), arg) {
		b.toast(ctx, r, "toast.unknown")
		return
	}
	t, ok := parseTermsArg(arg)
	if !ok {
		b.toast(ctx, r, "toast.unknown")
		return
	}
	acc, err := b.table.AcceptInline(ctx, r.actor(), table.InlineCard{From: a.game, Card: arg, Options: inlineOptions(t)})
	if err != nil {
		b.refused(ctx, r, err)
		return
	}
	b.answer(ctx, r, "", false)
	if acc.Unconfirmed {
		// Telegram never said who posted the card (inline feedback off in
		// BotFather, or its word late): taken on trust, and counted.
		b.log.Warn("an inline card taken without knowing who posted it; switch inline feedback on with /setinlinefeedback",
			"game", acc.Game.ID, "challenger", a.game)
		b.cfg.Metrics.InlineUnconfirmed()
	}
	out, err := b.table.Current(ctx, acc.Game.ID)
	if err != nil {
		b.log.Error("showing an inline game failed", "game", acc.Game.ID, "err", err)
		return
	}
	b.boards.request(out)
}

// onInlinePosted records who posted a card and which one, as Telegram
// tells when inline feedback is on (BotFather's /setinlinefeedback): its
// ⚔ is then taken on that message alone (table.AcceptInline).
func (b *Bot) onInlinePosted(ctx context.Context, r *models.ChosenInlineResult) {
	if r.InlineMessageID == "" {
		return // no buttons, no message to know: not a card of ours
	}
	if _, err := b.store.NotePosted(ctx, r.InlineMessageID, r.From.ID, r.ResultID, time.Now()); err != nil {
		b.log.Error("recording a posted card failed", "user", r.From.ID, "err", err)
	}
}

// pictureParts are what a board picture's address signs: its game, state
// and viewer.
func pictureParts(game int64, counter uint32, viewer game.Seat) []string {
	return []string{"board", strconv.FormatInt(game, 10), strconv.FormatUint(uint64(counter), 10), strconv.Itoa(int(viewer))}
}

// pictureToken names a board picture: the game, its state and viewer,
// signed. Its address is PublicURL/board/<token>.jpg, and the pictures
// kept are kept under it.
func pictureToken(sg signer, game int64, counter uint32, viewer game.Seat) string {
	var raw [13]byte
	binary.BigEndian.PutUint64(raw[:8], uint64(game))
	binary.BigEndian.PutUint32(raw[8:12], counter)
	raw[12] = byte(int8(viewer))
	return base64.RawURLEncoding.EncodeToString(raw[:]) + "." + sg.sign(pictureParts(game, counter, viewer)...)
}

// pictureURL is where Telegram fetches the picture a token names.
func (b *Bot) pictureURL(token string) string {
	return b.cfg.PublicURL + "/board/" + token + ".jpg"
}

// pictures keeps the pictures of the boards just drawn for inline
// messages, for Telegram to fetch: a few seconds' worth.
type pictures struct {
	mu   sync.Mutex
	jpgs map[string][]byte
	at   map[string]time.Time
}

// put keeps a picture under its address's token.
func (p *pictures) put(token string, jpg []byte) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.jpgs == nil {
		p.jpgs, p.at = map[string][]byte{}, map[string]time.Time{}
	}
	now := time.Now()
	for k, t := range p.at {
		if now.Sub(t) > time.Minute {
			delete(p.jpgs, k)
			delete(p.at, k)
		}
	}
	p.jpgs[token], p.at[token] = jpg, now
}

// get returns a picture kept, if any.
func (p *pictures) get(token string) ([]byte, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	jpg, ok := p.jpgs[token]
	return jpg, ok
}

// toJPEG turns a board's PNG into the JPEG Telegram wants by URL.
func toJPEG(pngData []byte) ([]byte, error) {
	img, err := png.Decode(bytes.NewReader(pngData))
	if err != nil {
		return nil, fmt.Errorf("board picture: %w", err)
	}
	var out bytes.Buffer
	if err := jpeg.Encode(&out, img, &jpeg.Options{Quality: 90}); err != nil {
		return nil, fmt.Errorf("board picture: %w", err)
	}
	return out.Bytes(), nil
}

// editInline shows a board on its inline message: the picture by its
// address (kept for Telegram to fetch), the caption and the buttons.
func (b *Bot) editInline(ctx context.Context, bm store.Board, rec *store.GameRecord, bd board) error {
	inlineID, err := b.store.InlineID(ctx, bm.ChatID)
	if err != nil {
		return err
	}
	if !b.signer.ready() {
		return errors.New("bot: inline board: no signing key")
	}
	jpg, err := toJPEG(bd.png)
	if err != nil {
		return err
	}
	token := pictureToken(b.signer, rec.ID, rec.Game.Counter(), bm.Viewer)
	b.pictures.put(token, jpg)
	return b.send.EditInlinePhoto(ctx, bm.ChatID, inlineID, b.pictureURL(token), bd.caption, bd.kb)
}

// servePicture answers Telegram's fetch of a board picture: the one kept
// for its address, or, if the address is signed and names the game's
// state as it is now (a picture asked again later), the game drawn anew;
// 404 for anything else, a state gone by included (its picture is no
// longer known). Nothing is read from the store before the address
// proves signed.
func (b *Bot) servePicture(w http.ResponseWriter, r *http.Request) {
	name := r.PathValue("name")
	token, ok := strings.CutSuffix(name, ".jpg")
	raw, sig, cut := strings.Cut(token, ".")
	if !ok || !cut || len(raw) != 18 || !wellFormed(sig) || !b.signer.ready() {
		http.NotFound(w, r)
		return
	}
	data, err := base64.RawURLEncoding.DecodeString(raw)
	if err != nil || len(data) != 13 {
		http.NotFound(w, r)
		return
	}
	id, counter, viewer := int64(binary.BigEndian.Uint64(data[:8])), binary.BigEndian.Uint32(data[8:12]), game.Seat(int8(data[12]))
	if !b.signer.valid(sig, pictureParts(id, counter, viewer)...) {
		http.NotFound(w, r)
		return
	}
	jpg, kept := b.pictures.get(token)
	if !kept {
		out, err := b.table.Current(r.Context(), id)
		if err != nil || out.Game.Game.Counter() != counter {
			http.NotFound(w, r)
			return
		}
		bd, err := b.compose(r.Context(), out.Game, viewer)
		if err == nil {
			jpg, err = toJPEG(bd.png)
		}
		if err != nil {
			http.Error(w, "no picture", http.StatusInternalServerError)
			return
		}
	}
	w.Header().Set("Content-Type", "image/jpeg")
	w.Header().Set("Cache-Control", "public, max-age=86400")
	w.Write(jpg)
}

// cardPictures are the cards' pictures, the starting board of each game,
// drawn once.
var cardPictures sync.Map // variant name -> []byte

// serveCard answers the fetch of a card's picture: the starting board of
// a game, as a JPEG.
func (b *Bot) serveCard(w http.ResponseWriter, r *http.Request) {
	name, ok := strings.CutSuffix(r.PathValue("name"), ".jpg")
	v, err := rules.ParseVariant(name)
	if !ok || err != nil {
		http.NotFound(w, r)
		return
	}
	jpg, ok := cardPictures.Load(v.Name())
	if !ok {
		pngData, err := render.Board(render.View{Variant: v, Pos: v.Start()})
		var data []byte
		if err == nil {
			data, err = toJPEG(pngData)
		}
		if err != nil {
			http.Error(w, "no picture", http.StatusInternalServerError)
			return
		}
		jpg, _ = cardPictures.LoadOrStore(v.Name(), data)
	}
	w.Header().Set("Content-Type", "image/jpeg")
	w.Header().Set("Cache-Control", "public, max-age=86400")
	w.Write(jpg.([]byte))
}

// inlineTap reads the chat a tap on an inline message stands for: the
// request then acts on that message's board, as in a group.
func (b *Bot) inlineTap(ctx context.Context, r *request, inlineID string) error {
	chat, err := b.store.InlineChat(ctx, inlineID, time.Now())
	if err != nil {
		return err
	}
	r.chat, r.messageID, r.group = chat, table.InlineMessage, true
	return nil
}
