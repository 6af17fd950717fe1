package bot

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/go-telegram/bot/models"

	"nardi/game"
	"nardi/internal/coalesce"
	"nardi/locales"
	"nardi/present"
	"nardi/render"
	"nardi/rules"
	"nardi/store"
	"nardi/table"
)

// viewer is who a board message is drawn for: the seat at the bottom of
// the picture (or NoSeat: a group's shared board, drawn for the seat on
// turn), and whose language and settings it uses.
type viewer struct {
	seat  game.Seat
	user  store.User
	lang  locales.Lang
	score [2]int // points each seat has won from the other in finished games
}

// board is one composed board message.
type board struct {
	png     []byte
	caption string
	kb      Keyboard
}

// names returns how the viewer's caption names each seat.
func names(g *game.Game, v viewer) [2]string {
	var out [2]string
	for s := game.Seat(0); s <= 1; s++ {
		p := g.Player(s)
		switch {
		case p.IsComputer():
			out[s] = locales.T(v.lang, "name.computer", nil)
		case v.seat == s:
			out[s] = locales.T(v.lang, "name.you", nil)
		default:
			out[s] = p.Name
		}
	}
	return out
}

// diceText writes a roll as players write it, the larger die first:
// "6-3", whichever die was thrown first.
func diceText(d rules.Dice) string { return present.Roll(d) }

// clockText writes a duration as m:ss.
func clockText(d time.Duration) string {
	s := int(d.Round(time.Second) / time.Second)
	if s >= 3600 {
		return fmt.Sprintf("%d:%02d:%02d", s/3600, s/60%60, s%60)
	}
	return fmt.Sprintf("%d:%02d", s/60, s%60)
}

// clockCaption is a seat's clock line: the time left for the move and
// the reserve; without a reserve, only the move's time; on a clock of
// whole days a move, "a day a move" for the seat not deciding (its time
// is all there) and the time left for the one who is.
func clockCaption(lang locales.Lang, g *game.Game, s game.Seat, name string, now time.Time) string {
	tc := g.Options().Clock
	move, reserve := g.TimeLeft(s, now)
	if s != g.Decider() {
		move = tc.Move
		if tc.Reserve == 0 && tc.Move%game.Day == 0 {
			return locales.N(lang, "caption.clock_days", int(tc.Move/game.Day), map[string]any{"Name": name})
		}
	}
	if tc.Reserve == 0 {
		return locales.T(lang, "caption.clock_move", map[string]any{"Name": name, "MoveTime": clockText(move)})
	}
	return locales.T(lang, "caption.clock", map[string]any{"Name": name, "MoveTime": clockText(move), "Reserve": clockText(reserve)})
}

// cubeOffer is the caption line of a double waiting for an answer, as
// a viewer at seat reads it: "you doubled, your opponent decides", "the
// computer (or a person) doubles, you decide", or, for someone who only
// watches, who doubled and who decides. names are the seats' names as the
// viewer's caption writes them.
func cubeOffer(g *game.Game, seat game.Seat, names [2]string) (string, map[string]any) {
	doubler := g.Turn()
	data := map[string]any{"Value": 2 * g.Cube().Value}
	switch seat {
	case doubler:
		return "caption.cube_offer_you", data
	case doubler.Other():
		data["Name"] = names[doubler]
		return "caption.cube_offer_to_you", data
	}
	data["Name"], data["Opponent"] = names[doubler], names[doubler.Other()]
	return "caption.cube_offer_name", data
}

// levelName returns the localized name of a computer level.
func levelName(lang locales.Lang, l game.Level) string {
	return locales.T(lang, "level."+string(l), nil)
}

// caption writes the text under a board for a viewer.
//
// A caption never passes Telegram's 1,024 characters (counted in UTF-16
// units of the visible text): if it would, the lines that only add detail
// (optionalLines) are left out; extra lines (a question) are kept.
func (b *Bot) caption(rec *store.GameRecord, v viewer, now time.Time, extra ...string) string {
	g := rec.Game
	lang := v.lang
	nm := names(g, v)
	turn := g.Turn()
	var lines []string
	var optional []bool
	add := func(key string, data map[string]any) {
		lines = append(lines, locales.T(lang, key, data))
		optional = append(optional, optionalLines[key])
	}
	defer func() {
		for _, e := range extra {
			lines, optional = append(lines, "", e), append(optional, false, false)
		}
	}()
	if c := g.Player(1); c.IsComputer() {
		add("caption.vs_computer", map[string]any{"Level": levelName(lang, c.Level)})
	} else if c := g.Player(0); c.IsComputer() {
		add("caption.vs_computer", map[string]any{"Level": levelName(lang, c.Level)})
	} else {
		add("caption.vs", map[string]any{"Name1": g.Player(0).Name, "Name2": g.Player(1).Name})
	}
	lines, optional = append(lines, commitmentLine(lang, g)), append(optional, false)
	if n := g.Options().Match; n > 0 {
		sc := g.Score()
		add("caption.match", map[string]any{"Length": n, "Number": g.Match().Number,
			"Name1": nm[0], "Score1": sc[0], "Score2": sc[1], "Name2": nm[1]})
		if g.Crawford() && !g.Over() {
			add("caption.crawford", nil)
		}
	}
	if len(g.History()) == 0 && !g.Over() {
		o := g.Opening()
		add("caption.opening", map[string]any{"Name1": nm[0], "Die1": o[0], "Name2": nm[1], "Die2": o[1]})
	}
	if last, ok := g.LastPlay(); ok {
		switch {
		case last.Pass() && v.seat == game.NoSeat:
			// A group's board shows a pass with the next roll, in one edit.
			add("caption.passed_name", map[string]any{"Name": nm[last.Seat], "Dice": diceText(last.Dice)})
		case last.Pass():
		case g.Player(last.Seat).IsComputer():
			add("caption.played_computer", map[string]any{"Move": localNotation(lang, last.Notation())})
		case last.Seat == v.seat && last.Forced:
			add("caption.forced", map[string]any{"Move": localNotation(lang, last.Notation())})
		case last.Seat == v.seat:
			add("caption.played_you", map[string]any{"Move": localNotation(lang, last.Notation())})
		default:
			add("caption.played_name", map[string]any{"Name": g.Player(last.Seat).Name, "Move": localNotation(lang, last.Notation())})
		}
		if last.Auto > 0 {
			add("caption.finished_alone", nil)
		}
	}
	if res, over := g.Result(); over {
		for _, l := range b.resultLines(g, res, v) {
			lines, optional = append(lines, l), append(optional, false)
		}
		if !g.Done() {
			add("result.next_game", nil)
			return fitCaption(&lines, &optional, extra)
		}
		if v.score != [2]int{} {
			add("caption.score", map[string]any{"Name1": nm[0], "Score1": v.score[0], "Score2": v.score[1], "Name2": nm[1]})
		}
		add("result.rematch", nil)
		return fitCaption(&lines, &optional, extra)
	}
	dice := diceText(g.Dice())
	rolled := g.Phase() != game.PhaseCube && g.Phase() != game.PhaseDoubled
	switch {
	case g.Player(turn).IsComputer():
		add("caption.turn_computer", nil)
		if rolled && g.Phase() != game.PhaseNoMoves {
			add("caption.rolled_computer", map[string]any{"Dice": dice})
		}
		if g.Phase() != game.PhaseNoMoves && g.Decider() == turn {
			add("caption.thinking", nil)
		}
	case turn == v.seat:
		add("caption.turn_you", nil)
		if rolled {
			add("caption.rolled_you", map[string]any{"Dice": dice})
		}
	default:
		add("caption.turn_name", map[string]any{"Name": g.Player(turn).Name})
		if rolled {
			add("caption.rolled_name", map[string]any{"Name": g.Player(turn).Name, "Dice": dice})
		}
	}
	if g.Options().Cube && !g.Crawford() { // the Crawford game has no cube to show
		owner := locales.T(lang, "caption.cube_middle", nil)
		if o := g.Cube().Owner; o != game.NoSeat {
			owner = nm[o]
		}
		add("caption.cube", map[string]any{"Value": g.Cube().Value, "Owner": owner})
		if g.Phase() == game.PhaseDoubled {
			key, data := cubeOffer(g, v.seat, nm)
			add(key, data)
		}
	}
	if g.Phase() == game.PhaseNoMoves {
		add("caption.no_moves", map[string]any{"Dice": dice})
	}
	pos := g.PositionFor(0)
	p0, p1 := pos.Pips()
	add("caption.pips", map[string]any{"Name1": nm[0], "Pips1": p0, "Name2": nm[1], "Pips2": p1})
	if v.score != [2]int{} && g.Options().Match == 0 { // a match shows its own score
		add("caption.score", map[string]any{"Name1": nm[0], "Score1": v.score[0], "Score2": v.score[1], "Name2": nm[1]})
	}
	if g.Options().Clock.Enabled() {
		for s := game.Seat(0); s <= 1; s++ {
			lines, optional = append(lines, clockCaption(lang, g, s, nm[s], now)), append(optional, false)
		}
	}
	if g.Clock().TimedOut {
		// Out of time, or (without a clock) gone too long: the same claim.
		late := g.Decider()
		said, you, claim := "duel.timeout", "duel.timeout_you", "duel.timeout_claim"
		if g.Idle() {
			said, you, claim = "duel.idle", "duel.idle_you", "duel.idle_claim"
		}
		if v.seat == late {
			add(you, map[string]any{"Opponent": nm[late.Other()]})
		} else if v.seat == late.Other() {
			add(claim, map[string]any{"Name": nm[late]})
		} else {
			add(said, map[string]any{"Name": nm[late], "Opponent": nm[late.Other()]})
		}
	}
	if turn == v.seat || (v.seat == game.NoSeat && !g.Player(turn).IsComputer()) {
		switch g.Phase() {
		case game.PhaseMoving:
			add("caption.choose_step", nil)
		case game.PhaseComplete:
			add("caption.press_confirm", nil)
		}
	}
	return fitCaption(&lines, &optional, extra)
}

// optionalLines are the caption's lines that may be left out when it is
// too long: they repeat what the picture shows, or give a hint.
var optionalLines = map[string]bool{
	"caption.opening": true, "caption.pips": true, "caption.score": true, "caption.choose_step": true,
	"caption.press_confirm": true, "caption.played_you": true, "caption.played_name": true,
	"caption.played_computer": true, "caption.forced": true, "caption.finished_alone": true,
	"caption.passed_name": true, "result.rematch": true,
}

// fitCaption joins a caption's lines and extra lines, leaving out optional
// lines, then cutting, until it fits Telegram's limit.
func fitCaption(lines *[]string, optional *[]bool, extra []string) string {
	all := func(keepOptional bool) string {
		var out []string
		for i, l := range *lines {
			if keepOptional || !(*optional)[i] {
				out = append(out, l)
			}
		}
		for _, e := range extra {
			out = append(out, "", e)
		}
		return strings.Join(out, "\n")
	}
	text := all(true)
	if captionLength(text) <= maxCaption {
		return text
	}
	text = all(false)
	for captionLength(text) > maxCaption {
		// Only absurd texts get here: cut the last line shorter.
		r := []rune(text)
		text = string(r[:len(r)-len(r)/8-1])
		if i := strings.LastIndexByte(text, '<'); i > strings.LastIndexByte(text, '>') {
			text = text[:i] // no tag left open half way
		}
	}
	return text
}

// maxCaption is Telegram's limit on a caption: 1,024 UTF-16 units of the
// text as shown.
const maxCaption = 1024

// captionLength counts a caption's visible text (tags left out, entities
// as one character) in UTF-16 units, as Telegram does.
func captionLength(html string) int {
	n, inTag, inEntity := 0, false, false
	for _, r := range html {
		switch {
		case inTag:
			inTag = r != '>'
		case inEntity:
			inEntity = r != ';'
		case r == '<':
			inTag = true
		case r == '&':
			inEntity = true
			n++
		case r >= 0x10000:
			n += 2
		default:
			n++
		}
	}
	return n
}

// resultLines tells the viewer how the game ended.
func (b *Bot) resultLines(g *game.Game, res game.Result, v viewer) []string {
	return present.Result(v.lang, g, res, v.seat, names(g, v))
}

// button makes an inline button for an action.
func button(text string, a action) models.InlineKeyboardButton {
	return models.InlineKeyboardButton{Text: text, CallbackData: a.String()}
}

// chosenMark marks the chosen option of a menu, the same in every menu
// and language; it is no action's sign (✅ confirms a move).
const chosenMark = "🔘"

// option is a menu option's text, marked when it is the chosen one.
func option(text string, chosen bool) string {
	if chosen {
		return chosenMark + " " + text
	}
	return text
}

// keyboard returns the buttons under a board for a viewer: the steps the
// player on turn may make, undo and confirm, resign, a timeout claim, or a
// rematch at the end.
func (b *Bot) keyboard(rec *store.GameRecord, v viewer) Keyboard {
	g := rec.Game
	c := g.Counter()
	at := func(op, arg string) action { return action{op: op, game: rec.ID, counter: c, arg: arg} }
	t := func(key string) string { return locales.T(v.lang, key, nil) }
	if g.Over() {
		next := button(t("button.rematch"), at(opRematch, ""))
		if !g.Done() {
			next = button(t("button.next_game"), at(opNext, ""))
		}
		return fitRows(next, button(t("button.review"), at(opReview, "")), button(t("inline.dice"), at(opDice, "")))
	}
	turn := g.Turn()
	var kb Keyboard
	mine := turn == v.seat || v.seat == game.NoSeat
	if d := g.Decider(); (d == v.seat || v.seat == game.NoSeat) && !g.Player(d).IsComputer() {
		switch g.Phase() {
		case game.PhaseCube:
			kb = append(kb, []models.InlineKeyboardButton{button(t("button.double"), at(opDouble, "")), button(t("button.roll"), at(opRoll, ""))})
		case game.PhaseDoubled:
			kb = append(kb, []models.InlineKeyboardButton{button(t("button.take"), at(opTake, "")), button(t("button.drop"), at(opDrop, ""))})
		}
	}
	_, forced := g.Forced() // played by itself in a moment
	if mine && !g.Player(turn).IsComputer() && !forced {
		steps := g.NextSteps()
		const perRow = 4
		for i := 0; i < len(steps); i += perRow {
			var row []models.InlineKeyboardButton
			for _, s := range steps[i:min(i+perRow, len(steps))] {
				row = append(row, button(stepLabel(v.lang, s), at(opStep, stepArg(s))))
			}
			kb = append(kb, row)
		}
	}
	var row []models.InlineKeyboardButton
	if mine && !g.Player(turn).IsComputer() {
		if len(g.Made()) > 0 {
			row = append(row, button(t("button.undo"), at(opUndo, "")))
		}
		if g.Phase() == game.PhaseComplete {
			row = append(row, button(t("button.confirm"), at(opConfirm, "")))
		}
	}
	if v.seat != game.NoSeat || !g.Player(0).IsComputer() {
		row = append(row, button(t("button.resign"), at(opResign, "")))
	}
	kb = append(kb, fitRowsOf(3, row...)...)
	if g.Clock().TimedOut && (v.seat == g.Decider().Other() || v.seat == game.NoSeat) {
		// A row of its own: beside ↩, ✅ and 🏳 its words would not fit.
		kb = append(kb, []models.InlineKeyboardButton{button(t("button.claim"), at(opClaim, ""))})
	}
	return kb
}

// rowWidth is how many characters of labels a row of buttons can show on
// a 360-pixel-wide phone.
const rowWidth = 30

// fitRows lays buttons out two to a row, but alone when the two labels
// would not fit the row's width.
func fitRows(buttons ...models.InlineKeyboardButton) Keyboard { return fitRowsOf(2, buttons...) }

// fitRowsOf fills rows of at most n buttons in order, starting a new row
// when the widest label times the row's buttons would pass the row's
// width (Telegram gives each button of a row the same width).
func fitRowsOf(n int, buttons ...models.InlineKeyboardButton) Keyboard {
	var kb Keyboard
	var row []models.InlineKeyboardButton
	widest := 0
	for _, b := range buttons {
		w := max(widest, labelWidth(b.Text))
		if len(row) > 0 && (len(row) == n || w*(len(row)+1) > rowWidth) {
			kb = append(kb, row)
			row, w = nil, labelWidth(b.Text)
		}
		row, widest = append(row, b), w
	}
	if len(row) > 0 {
		kb = append(kb, row)
	}
	return kb
}

// labelWidth counts a label's characters, an emoji with its variation
// selector as one.
func labelWidth(s string) int {
	n := 0
	for _, r := range s {
		if r != 0xFE0F && r != 0x200D {
			n++
		}
	}
	return n
}

// picture draws the board for a viewer.
func (b *Bot) picture(rec *store.GameRecord, v viewer) ([]byte, error) {
	g := rec.Game
	turn := g.Turn()
	view := render.View{
		Variant:    g.Options().Game(),
		Pos:        g.PositionFor(turn),
		MoverColor: render.Color(turn.Color()),
		HomeLeft:   v.user.Settings.HomeLeft,
		Portrait:   v.user.Settings.Portrait,
		TurnSteps:  g.Made(),
	}
	if v.seat != game.NoSeat && v.seat != turn {
		view.Viewer = render.Opponent
	}
	if g.Options().Cube {
		view.Cube = g.Cube().Value
		switch o := g.Cube().Owner; {
		case o == game.NoSeat:
			view.CubeOwner = render.CubeCentred
		case o == turn:
			view.CubeOwner = render.CubeMover
		default:
			view.CubeOwner = render.CubeOpponent
		}
	}
	if !g.Over() && g.Dice().Valid() {
		view.Dice = g.Dice()
		unused := g.UnusedDice()
		for i, d := range view.Dice.List() {
			if j := slices.Index(unused, d); j >= 0 {
				unused = slices.Delete(unused, j, j+1)
			} else {
				view.Used[i] = true
			}
		}
	}
	if last, ok := g.LastPlay(); ok && !last.Pass() {
		pl := last.Play()
		view.LastPlay = &pl
		if last.Seat != turn {
			view.LastBy = render.Opponent
		}
	}
	drawn := time.Now()
	png, err := render.Board(view)
	b.cfg.Metrics.Rendered(time.Since(drawn))
	if err != nil {
		return nil, fmt.Errorf("draw board of game %d: %w", rec.ID, err)
	}
	return png, nil
}

// viewerOf returns the viewer of a stored board message.
func (b *Bot) viewerOf(ctx context.Context, rec *store.GameRecord, seat game.Seat) (viewer, error) {
	v := viewer{seat: seat}
	who := seat
	if who == game.NoSeat {
		who = rec.Game.Turn()
	}
	p := rec.Game.Player(who)
	if p.IsComputer() {
		p = rec.Game.Player(who.Other())
	}
	u, err := b.user(ctx, p.UserID)
	if err != nil {
		return v, fmt.Errorf("viewer of game %d: %w", rec.ID, err)
	}
	v.user, v.lang = u, langOf(u)
	g := rec.Game
	if c := g.ComputerSeat(); c != game.NoSeat {
		// Against the computer, the series at this level alone.
		h := c.Other()
		v.score[h], v.score[c], err = b.store.ScoreVsComputer(ctx, g.Player(h).UserID, g.Player(c).Level)
	} else {
		v.score[0], v.score[1], err = b.store.Score(ctx, g.Player(0).UserID, g.Player(1).UserID)
	}
	if err != nil {
		b.log.Warn("reading a score failed", "game", rec.ID, "err", err)
	}
	return v, nil
}

// compose draws a board message for a viewer.
func (b *Bot) compose(ctx context.Context, rec *store.GameRecord, seat game.Seat) (board, error) {
	v, err := b.viewerOf(ctx, rec, seat)
	if err != nil {
		return board{}, err
	}
	png, err := b.picture(rec, v)
	if err != nil {
		return board{}, err
	}
	kb := b.keyboard(rec, v)
	if store.IsInline(rec.Chats[0]) && b.username != "" {
		// An inline message takes no commands: its papers come by a link
		// into the private chat.
		kb = append(kb, []models.InlineKeyboardButton{{Text: locales.T(v.lang, "inline.papers", nil),
			URL: "https://t.me/" + b.username + "?start=" + papersCode(rec.Chats[0])}})
	}
	if !rec.Game.Over() {
		if live, ok := b.liveButton(v.lang, rec.ID, seat); ok {
			kb = append(kb, []models.InlineKeyboardButton{live})
		}
	}
	return board{png: png, caption: b.caption(rec, v, b.cfg.Now()), kb: kb}, nil
}

// SendBoard sends a viewer's board as a new message and returns its id:
// the centre records it (table.Display).
func (b *Bot) SendBoard(ctx context.Context, rec *store.GameRecord, viewer game.Seat, chat int64) (int64, error) {
	bd, err := b.compose(ctx, rec, viewer)
	if err != nil {
		return 0, err
	}
	id, err := b.send.SendPhoto(ctx, chat, bd.png, bd.caption, bd.kb)
	if err != nil {
		return 0, fmt.Errorf("send board of game %d: %w", rec.ID, err)
	}
	return int64(id), nil
}

// Redraw brings the boards of an Outcome up to its state, in the
// background (table.Display).
func (b *Bot) Redraw(out table.Outcome) { b.boards.request(out) }

// redrawLatest redraws a game's boards from its state as stored.
func (b *Bot) redrawLatest(ctx context.Context, id int64) {
	out, err := b.table.Current(ctx, id)
	if err != nil {
		b.log.Warn("loading a game to redraw failed", "game", id, "err", err)
		return
	}
	b.boards.request(out)
}

// quietBoard tells that a board need not be edited for a change made on
// the live board: a board both players see (a group's, an inline
// message's, whose edits are scarce) that already shows the decision
// under way. Its player watches the live board meanwhile; the board
// follows once a decision, not once a step.
func quietBoard(out table.Outcome, bm store.Board, live bool) bool {
	g := out.Game.Game
	return live && bm.Viewer == store.SharedBoard && !g.Over() && bm.Shown >= g.Clock().DecisionAt
}

// drawBoards brings every board message of an Outcome up to its game's
// state; live tells that the changes came from the live board alone (see
// quietBoard).
func (b *Bot) drawBoards(ctx context.Context, out table.Outcome, live bool) {
	rec := out.Game
	id := rec.ID
	// Compose every board first (a game is not safe for concurrent use),
	// then send the edits side by side: each chat has its own queue, and a
	// rate limit in one player's chat must not hold up the other's board.
	counter := rec.Game.Counter()
	var wg sync.WaitGroup
	for _, bm := range out.Boards {
		if bm.Shown > counter {
			continue // the message already shows a newer state
		}
		if quietBoard(out, bm, live) {
			if err := b.table.Shown(ctx, bm, counter); err != nil {
				b.log.Warn("recording a board's state failed", "game", id, "err", err)
			}
			continue
		}
		bd, err := b.compose(ctx, rec, bm.Viewer)
		if err != nil {
			b.log.Error("composing a board failed", "game", id, "err", err)
			continue
		}
		wg.Go(func() {
			ctx := withBoard(ctx, bm)
			var err error
			if store.IsInline(bm.ChatID) {
				err = b.editInline(ctx, bm, rec, bd) // and never sent anew: it has no chat
			} else if err = b.send.EditPhoto(ctx, bm.ChatID, int(bm.MessageID), bd.png, bd.caption, bd.kb); gone(err) {
				// Send it anew, as the game is then.
				_, err = b.table.ShowBoard(ctx, id, bm.Viewer, bm.ChatID)
			}
			if err != nil {
				b.log.Warn("updating a board failed", "game", id, "chat", bm.ChatID, "err", err)
				switch {
				case permanent(err) && ctx.Err() == nil && !errors.Is(err, context.Canceled):
					// The chat cannot be shown it (the bot was removed, say):
					// count it as shown, or the sweep would try for ever.
					// /board sends it anew.
					if err := b.table.Shown(ctx, bm, counter); err != nil {
						b.log.Warn("recording a board's state failed", "game", id, "err", err)
					}
				case b.ctx.Err() == nil:
					// Telegram stayed busy: try again later rather than
					// leave the board behind the game.
					time.AfterFunc(2*time.Second, func() { b.redrawLatest(context.WithoutCancel(b.ctx), id) })
				}
				return
			}
			if err := b.table.Shown(ctx, bm, counter); err != nil {
				b.log.Warn("recording a board's state failed", "game", id, "err", err)
			}
		})
	}
	wg.Wait()
}

// boardKey is the context key of the board message a call draws.
type boardKey struct{}

// withBoard marks ctx as the drawing of a board message, so that the
// waits for Telegram that hold it up go to its game (see waitedOnTelegram).
func withBoard(ctx context.Context, bm store.Board) context.Context {
	return context.WithValue(ctx, boardKey{}, bm)
}

// waitedOnTelegram gives a wait for Telegram, from from to until, back to
// the game of the board that ctx draws, if any: the centre decides
// whether it kept the deciding player from seeing their decision.
func (b *Bot) waitedOnTelegram(ctx context.Context, from, until time.Time) {
	if bm, ok := ctx.Value(boardKey{}).(store.Board); ok {
		b.table.WaitedOnTelegram(bm.GameID, bm.Viewer, bm.Shown, from, until)
	}
}

// refresher redraws a game's boards in the background, coalescing
// requests: it keeps the newest Outcome of each game, and while one redraw
// runs, any number of new requests make one more, which draws the newest
// by then. So quick taps cost few edits, and an older state never lands
// over a newer one.
type refresher struct {
	bot    *Bot
	runs   coalesce.Group
	mu     sync.Mutex
	latest map[int64]table.Outcome
	since  map[int64]time.Time // the oldest change of each game not drawn yet
	// live tells that every change of a game not drawn yet was made on
	// the live board (see quietBoard).
	live map[int64]bool
}

// dueNow tells whether an Outcome's game has a pass or a forced play due
// already, which will change it in a moment.
func dueNow(out table.Outcome) bool {
	k := out.Due.Kind
	return out.Game != nil && (k == game.DuePass || k == game.DueForced) && !out.Due.At.After(time.Now())
}

// request asks for the boards of an Outcome to be redrawn, unless it
// changed nothing that shows.
func (r *refresher) request(out table.Outcome) { r.enqueue(out, false) }

// requestLive is request for a change made on the live board.
func (r *refresher) requestLive(out table.Outcome) { r.enqueue(out, true) }

// enqueue asks for a redraw, and remembers whether the change came from
// the live board.
func (r *refresher) enqueue(out table.Outcome, live bool) {
	if out.Game == nil || !out.Redraw {
		return
	}
	id := out.Game.ID
	r.mu.Lock()
	if r.live == nil {
		r.live = map[int64]bool{}
	}
	if was, ok := r.live[id]; !ok || was {
		r.live[id] = live
	}
	if r.latest == nil {
		r.latest = map[int64]table.Outcome{}
	}
	if cur, ok := r.latest[id]; !ok || cur.Game.Game.Counter() <= out.Game.Game.Counter() {
		r.latest[id] = out
	}
	if r.since == nil {
		r.since = map[int64]time.Time{}
	}
	if _, ok := r.since[id]; !ok {
		r.since[id] = time.Now()
	}
	r.mu.Unlock()
	r.runs.Trigger(id, r.bot.goAsync, func(ctx context.Context) { r.draw(ctx, id) })
}

// draw waits until Telegram would take the edits at once, then draws the
// newest Outcome of the game, so that what goes out is the latest state.
func (r *refresher) draw(ctx context.Context, id int64) {
	r.mu.Lock()
	out, ok := r.latest[id]
	r.mu.Unlock()
	if !ok {
		return
	}
	// The messages as they are now, for what each has shown: the
	// waits below are given back to the player only while their board
	// has yet to show them their decision.
	boards, err := r.bot.table.Boards(ctx, id)
	if err != nil {
		r.bot.log.Error("loading boards failed", "game", id, "err", err)
		return
	}
	r.mu.Lock()
	live := r.live[id]
	r.mu.Unlock()
	for _, bm := range boards {
		if quietBoard(out, bm, live) {
			continue
		}
		if err := r.bot.send.Ready(withBoard(ctx, bm), bm.ChatID); err != nil {
			return
		}
	}
	// A pass or a forced play about to be made (at once, in a group) goes
	// out with the state after it, in the same edit.
	for deadline := time.Now().Add(300 * time.Millisecond); dueNow(out) && time.Now().Before(deadline); {
		time.Sleep(10 * time.Millisecond)
		r.mu.Lock()
		out = r.latest[id]
		r.mu.Unlock()
	}
	r.mu.Lock()
	out, ok = r.latest[id]
	since, timed := r.since[id]
	live = r.live[id]
	delete(r.latest, id)
	delete(r.since, id)
	delete(r.live, id)
	r.mu.Unlock()
	if !ok {
		return
	}
	if timed {
		defer func() { r.bot.cfg.Metrics.BoardShown(time.Since(since)) }()
	}
	// The messages as they are now: one may have been sent anew (/board,
	// or one that could no longer be edited) since the Outcome was made.
	if boards, err = r.bot.table.Boards(ctx, id); err != nil {
		r.bot.log.Error("loading boards failed", "game", id, "err", err)
		return
	}
	out.Boards = boards
	r.bot.drawBoards(ctx, out, live)
}
