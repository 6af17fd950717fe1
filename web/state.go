package web

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"

	"nardi/game"
	"nardi/locales"
	"nardi/present"
	"nardi/rules"
	"nardi/store"
)

// State is what a page shows of a game, from its viewer's side (a
// spectator sees seat 0's): the JSON the page renders. Sides are the
// bottom one (the viewer's) and the top one; points are numbered from
// the viewer's side.
type State struct {
	Code     string `json:"g"`
	Lang     string `json:"lang"`
	Counter  uint32 `json:"counter"`
	Variant  string `json:"variant"`
	Position string `json:"position"`
	// Mode is the page's data-state: move, wait, cube or over.
	Mode     string `json:"state"`
	Seat     *int   `json:"seat"`
	HomeLeft bool   `json:"home_left"`
	// Points holds the viewer's points 1..24: n > 0 the viewer's
	// checkers, n < 0 the opponent's.
	Points [24]int   `json:"points"`
	Bar    [2]int    `json:"bar"`
	Off    [2]int    `json:"off"`
	Colors [2]string `json:"colors"`
	// Roll is the roll, larger die first ("6 5", "4 4": the page's
	// data-dice); Dice are the dice to draw (a double's four) and Used
	// tells which of them are played.
	Roll []int  `json:"roll"`
	Dice []int  `json:"dice"`
	Used []bool `json:"used"`
	// DiceSide is whose roll the dice are: bottom or top.
	DiceSide string `json:"dice_side"`
	// Moves are the next step's choices, from (25: the bar) to targets
	// (0: off), while the viewer is moving.
	Moves        map[string][]int  `json:"moves"`
	Made         []Step            `json:"made"`
	Last         *Play             `json:"last"`
	Actions      []string          `json:"actions"`
	ResignPoints int               `json:"resign_points"`
	Players      [2]Player         `json:"players"`
	ServerTime   int64             `json:"server_time"`
	Cube         *Cube             `json:"cube"`
	Match        *Match            `json:"match"`
	Status       string            `json:"status"`
	Result       string            `json:"result"`
	Proof        Proof             `json:"proof"`
	Text         map[string]string `json:"text"`
}

// Step is one checker step, in the viewer's numbering (25: a bar, 0: off).
type Step struct {
	From int  `json:"from"`
	To   int  `json:"to"`
	Hit  bool `json:"hit"`
}

// Play is a side's complete play; Key changes from one play to the next.
type Play struct {
	Side  string `json:"side"`
	Key   string `json:"key"`
	Steps []Step `json:"steps"`
}

// Player is one side at the table.
type Player struct {
	Name     string `json:"name"`
	You      bool   `json:"you"`
	Pips     int    `json:"pips"`
	OnTurn   bool   `json:"on_turn"`
	Computer bool   `json:"computer"`
	Clock    *Clock `json:"clock"`
}

// Clock is a side's time left; Running tells that it is being spent.
type Clock struct {
	MoveMS    int64 `json:"move_ms"`
	ReserveMS int64 `json:"reserve_ms"`
	Running   bool  `json:"running"`
}

// Cube is the doubling cube: its value and where it is (bottom, top or
// centre).
type Cube struct {
	Value int    `json:"value"`
	Owner string `json:"owner"`
}

// Match is a match's length and score ([bottom, top]).
type Match struct {
	Length   int    `json:"length"`
	Score    [2]int `json:"score"`
	Crawford bool   `json:"crawford"`
}

// Proof is the dice's commitment, their seed once the game is closed, and
// the line that tells how to check them.
type Proof struct {
	Commitment string `json:"commitment"`
	Seed       string `json:"seed"`
	Line       string `json:"line"`
}

// view is who looks at a game, and how.
type view struct {
	seat     game.Seat // game.NoSeat: a spectator
	lang     locales.Lang
	homeLeft bool
	code     string
}

// stateOf draws a game for a viewer at now.
func stateOf(rec *store.GameRecord, v view, now time.Time) State {
	g := rec.Game
	side := v.seat
	if side == game.NoSeat {
		side = 0
	}
	variant := g.Options().Game()
	st := State{Code: v.code, Lang: v.lang.String(), Counter: g.Counter(), Variant: variant.Name(),
		HomeLeft: v.homeLeft, ServerTime: now.UnixMilli(), Text: texts(v.lang), Roll: []int{}, Dice: []int{}, Used: []bool{},
		Made: []Step{}, Actions: []string{}, Moves: map[string][]int{}}
	if v.seat != game.NoSeat {
		s := int(v.seat)
		st.Seat = &s
	}
	turn := g.Turn()
	st.Position = g.PositionFor(turn).PositionID()
	pos := g.PositionFor(side)
	onBoard := [2]int{}
	for i := 1; i <= 24; i++ {
		mine, theirs := int(pos.Mine[i]), int(pos.Theirs[variant.Facing(i)])
		st.Points[i-1] = mine - theirs
		onBoard[0] += mine
		onBoard[1] += theirs
	}
	st.Bar = [2]int{int(pos.Mine[rules.Bar]), int(pos.Theirs[rules.Bar])}
	st.Off = [2]int{rules.Checkers - onBoard[0] - st.Bar[0], rules.Checkers - onBoard[1] - st.Bar[1]}
	st.Colors = [2]string{colorOf(side).String(), colorOf(side.Other()).String()}
	sideName := func(s game.Seat) string {
		if s == side {
			return "bottom"
		}
		return "top"
	}
	// The steps of a seat in the viewer's numbering.
	steps := func(s game.Seat, in []rules.Step) []Step {
		out := make([]Step, 0, len(in))
		for _, x := range in {
			out = append(out, Step{From: pointFor(variant, s == side, int(x.From)), To: pointFor(variant, s == side, int(x.To)), Hit: x.Hit})
		}
		return out
	}
	phase := g.Phase()
	if phase == game.PhaseMoving || phase == game.PhaseComplete || phase == game.PhaseNoMoves {
		d := g.Dice()
		st.Roll = []int{max(d[0], d[1]), min(d[0], d[1])}
		st.Dice = d.List()
		st.Used = usedDice(st.Dice, g.UnusedDice())
		st.DiceSide = sideName(turn)
		st.Made = steps(turn, g.Made())
	}
	if last, ok := g.LastPlay(); ok && !last.Pass() {
		st.Last = &Play{Side: sideName(last.Seat), Key: fmt.Sprintf("%d.%d", g.Match().Number, len(g.History())),
			Steps: steps(last.Seat, last.Steps)}
	}
	decider := g.Decider()
	over := g.Over()
	switch {
	case over:
		st.Mode = "over"
	case v.seat == decider && phase == game.PhaseDoubled:
		st.Mode = "cube"
	case v.seat == decider && phase != game.PhaseNoMoves && !forced(g):
		st.Mode = "move"
	default:
		st.Mode = "wait"
	}
	if st.Mode == "move" && phase == game.PhaseMoving {
		for _, x := range g.NextSteps() {
			k := strconv.Itoa(int(x.From))
			st.Moves[k] = append(st.Moves[k], int(x.To))
		}
	}
	st.Actions = actionsFor(g, v.seat)
	if v.seat != game.NoSeat && !over {
		st.ResignPoints = g.ResignValue(v.seat) * g.Cube().Value
		st.Text["resign_question"] = plain(locales.N(v.lang, "resign.confirm", st.ResignPoints, nil))
	}
	p0, p1 := pos.Pips()
	pips := [2]int{p0, p1}
	for i, s := range []game.Seat{side, side.Other()} {
		p := g.Player(s)
		pl := Player{Name: nameOf(v.lang, p), You: s == v.seat, Pips: pips[i], OnTurn: !over && s == decider, Computer: p.IsComputer()}
		if g.Options().Clock.Enabled() && !p.IsComputer() {
			move, reserve := g.TimeLeft(s, now)
			_, runs := g.Deadline()
			pl.Clock = &Clock{MoveMS: move.Milliseconds(), ReserveMS: reserve.Milliseconds(), Running: runs && s == decider && !over}
		}
		st.Players[i] = pl
	}
	if g.Options().Cube && !g.Crawford() {
		c := Cube{Value: g.Cube().Value, Owner: "centre"}
		if o := g.Cube().Owner; o != game.NoSeat {
			c.Owner = sideName(o)
		}
		st.Cube = &c
	}
	if n := g.Options().Match; n > 0 {
		sc := g.Score()
		st.Match = &Match{Length: n, Score: [2]int{sc[side], sc[side.Other()]}, Crawford: g.Crawford()}
	}
	st.Status = statusOf(g, v)
	if res, ok := g.Result(); ok {
		st.Result = resultOf(g, res, v)
	}
	st.Proof = Proof{Commitment: g.DiceCommitment(), Line: plain(locales.T(v.lang, "caption.dice", map[string]any{"Commitment": g.DiceCommitment()[:16]}))}
	if seed, ok := g.DiceSeed(); ok {
		st.Proof.Seed = seed
	}
	return st
}

// forced tells that the game is about to make the only play of the roll
// by itself: the page offers nothing meanwhile, as the chat's board does.
func forced(g *game.Game) bool {
	_, ok := g.Forced()
	return ok
}

// pointFor turns a point of one side's numbering into the viewer's: own
// points stay, the other side's face them; the bar (25) and off (0) stay,
// each side having its own.
func pointFor(v rules.Variant, own bool, p int) int {
	if own || p == rules.Bar || p == rules.Off {
		return p
	}
	return v.Facing(p)
}

// usedDice marks the dice shown (a double's four) already played, given
// the ones left.
func usedDice(dice, unused []int) []bool {
	left := map[int]int{}
	for _, d := range unused {
		left[d]++
	}
	out := make([]bool, len(dice))
	for i := len(dice) - 1; i >= 0; i-- {
		if left[dice[i]] > 0 {
			left[dice[i]]--
		} else {
			out[i] = true
		}
	}
	return out
}

// actionsFor lists the controls a seat may use now (none for a
// spectator).
func actionsFor(g *game.Game, s game.Seat) []string {
	out := []string{}
	if s == game.NoSeat {
		return out
	}
	if g.Over() {
		if g.Done() {
			return append(out, "rematch")
		}
		return append(out, "next")
	}
	if s == g.Decider() {
		switch g.Phase() {
		case game.PhaseCube:
			out = append(out, "roll", "double")
		case game.PhaseDoubled:
			out = append(out, "take", "pass")
		case game.PhaseMoving:
			if len(g.Made()) > 0 {
				out = append(out, "undo")
			}
		case game.PhaseComplete:
			out = append(out, "confirm", "undo")
		}
	}
	if g.Clock().TimedOut && s == g.Decider().Other() {
		out = append(out, "claim")
	}
	return append(out, "resign")
}

// colorOf is a seat's checker colour: seat 0 has the light checkers.
func colorOf(s game.Seat) game.Color {
	if s == 1 {
		return game.Black
	}
	return game.White
}

// nameOf is a player's name to show: a person's, or the computer's level.
func nameOf(lang locales.Lang, p game.Player) string {
	if p.IsComputer() {
		return plain(locales.T(lang, "level."+string(p.Level), nil))
	}
	return p.Name
}

// statusOf is the page's one line of status: whose turn and what now.
func statusOf(g *game.Game, v view) string {
	if g.Over() {
		return ""
	}
	lang, turn := v.lang, g.Turn()
	dice := ""
	if d := g.Dice(); g.Phase() != game.PhaseCube && g.Phase() != game.PhaseDoubled {
		dice = present.Roll(d)
	}
	var parts []string
	switch {
	case g.Player(turn).IsComputer():
		parts = append(parts, locales.T(lang, "caption.turn_computer", nil))
		if dice != "" {
			parts = append(parts, locales.T(lang, "caption.rolled_computer", map[string]any{"Dice": dice}))
		}
	case turn == v.seat:
		parts = append(parts, locales.T(lang, "caption.turn_you", nil))
		if dice != "" {
			parts = append(parts, locales.T(lang, "caption.rolled_you", map[string]any{"Dice": dice}))
		}
	default:
		name := g.Player(turn).Name
		parts = append(parts, locales.T(lang, "caption.turn_name", map[string]any{"Name": name}))
		if dice != "" {
			parts = append(parts, locales.T(lang, "caption.rolled_name", map[string]any{"Name": name, "Dice": dice}))
		}
	}
	if g.Phase() == game.PhaseDoubled {
		// As the chat's caption says it: who doubled, and who decides.
		data := map[string]any{"Value": 2 * g.Cube().Value}
		switch v.seat {
		case turn:
			parts = append(parts, locales.T(lang, "caption.cube_offer_you", data))
		case turn.Other():
			data["Name"] = nameOf(lang, g.Player(turn))
			parts = append(parts, locales.T(lang, "caption.cube_offer_to_you", data))
		default:
			data["Name"], data["Opponent"] = nameOf(lang, g.Player(turn)), nameOf(lang, g.Player(turn.Other()))
			parts = append(parts, locales.T(lang, "caption.cube_offer_name", data))
		}
	}
	if g.Phase() == game.PhaseNoMoves {
		parts = append(parts, locales.T(lang, "caption.no_moves", map[string]any{"Dice": dice}))
	}
	if g.Clock().TimedOut {
		late := g.Decider()
		key := "duel.timeout"
		if g.Idle() {
			key = "duel.idle"
		}
		parts = append(parts, locales.T(lang, key, map[string]any{"Name": nameOf(lang, g.Player(late)), "Opponent": nameOf(lang, g.Player(late.Other()))}))
	}
	return plain(strings.Join(parts, " · "))
}

// resultOf tells how the game ended, for a viewer.
func resultOf(g *game.Game, res game.Result, v view) string {
	names := [2]string{nameOf(v.lang, g.Player(0)), nameOf(v.lang, g.Player(1))}
	return plain(strings.Join(present.Result(v.lang, g, res, v.seat, names), " "))
}

// tags matches the HTML tags of the catalogue's texts, which the page
// shows as plain text.
var tags = regexp.MustCompile(`<[^>]+>`)

// plain turns a catalogue text into plain text.
func plain(s string) string {
	s = tags.ReplaceAllString(s, "")
	return strings.NewReplacer("&lt;", "<", "&gt;", ">", "&amp;", "&", "&quot;", `"`).Replace(s)
}
