package game

import (
	"encoding/hex"
	"encoding/json"
	"fmt"
	"time"

	"nardi/rules"
)

// formatVersion is written into every stored game.
const formatVersion = 1

// wire is the JSON form of a Game.
type wire struct {
	V       int          `json:"v"`
	Options Options      `json:"options"`
	Players [2]Player    `json:"players"`
	Opening [2]int       `json:"opening"`
	Board   string       `json:"board"` // gnubg Position ID with seat 0 as the side on roll
	Turn    Seat         `json:"turn"`
	Dice    rules.Dice   `json:"dice"`
	Made    Steps        `json:"made,omitempty"`
	MadeAt  []uint32     `json:"made_at,omitempty"`
	TurnAt  *uint32      `json:"turn_at,omitempty"`
	Phase   Phase        `json:"phase"`
	Counter uint32       `json:"counter"`
	History []TurnRecord `json:"history,omitempty"`
	Cubes   []CubeAction `json:"cubes,omitempty"`
	Match   *MatchState  `json:"match,omitempty"`
	Past    []PastGame   `json:"past,omitempty"`
	Cube    Cube         `json:"cube"`
	// The current game's dice: its seed in hex (secret until the end),
	// the base of its id, the throws made, and whether a Roller made any.
	DiceSeed     string    `json:"dice_seed,omitempty"`
	DiceBase     string    `json:"dice_id,omitempty"`
	Throws       int       `json:"throws,omitempty"`
	Unverifiable bool      `json:"unverifiable,omitempty"`
	Clock        Clock     `json:"clock"`
	Result       *Result   `json:"result,omitempty"`
	Started      time.Time `json:"started,omitzero"`
	Finished     time.Time `json:"finished,omitzero"`
}

// MarshalJSON writes the whole state of the game (everything but its
// source of dice). The board is a gnubg Position ID from seat 0's view,
// steps are written as in notation ("24/18*"), times in RFC 3339 with
// nanoseconds and durations in nanoseconds, so that UnmarshalJSON gives
// back exactly the same game.
func (g *Game) MarshalJSON() ([]byte, error) {
	w := wire{
		V:            formatVersion,
		Options:      g.opts,
		Players:      g.players,
		Opening:      g.opening,
		Board:        g.pos.PositionID(),
		Turn:         g.turn,
		Dice:         g.dice,
		Made:         g.made,
		MadeAt:       g.madeAt,
		TurnAt:       &g.turnAt,
		Phase:        g.phase,
		Counter:      g.counter,
		History:      g.history,
		Cubes:        g.cubes,
		Past:         g.past,
		Cube:         g.cube,
		DiceSeed:     hex.EncodeToString(g.seed[:]),
		DiceBase:     g.diceBase,
		Throws:       g.throws,
		Unverifiable: g.unverifiable,
		Clock:        g.clock,
		Started:      g.started,
		Finished:     g.finished,
	}
	if g.phase == PhaseOver {
		r := g.result
		w.Result = &r
	}
	if g.opts.Match > 0 {
		m := g.match
		w.Match = &m
	}
	return json.Marshal(w)
}

// UnmarshalJSON restores a game written by MarshalJSON, checking that the
// state is consistent: a valid board, the steps made a legal beginning of
// the turn, the phase the one they lead to. The game keeps the Roller it
// had, if any.
func (g *Game) UnmarshalJSON(b []byte) error {
	var w wire
	if err := json.Unmarshal(b, &w); err != nil {
		return fmt.Errorf("game: %w", err)
	}
	n, err := fromWire(&w)
	if err != nil {
		return fmt.Errorf("game: stored state: %w", err)
	}
	n.roller = g.roller
	*g = *n
	return nil
}

// fromWire checks a stored state and builds its game.
func fromWire(w *wire) (*Game, error) {
	if w.V != formatVersion {
		return nil, fmt.Errorf("format version %d, want %d", w.V, formatVersion)
	}
	if err := w.Options.validate(); err != nil {
		return nil, err
	}
	if err := validatePlayers(w.Players); err != nil {
		return nil, err
	}
	if w.Opening[0] == w.Opening[1] || !(rules.Dice(w.Opening)).Valid() {
		return nil, fmt.Errorf("opening roll %v", w.Opening)
	}
	pos, err := rules.ParsePositionIDFor(w.Options.Game(), w.Board)
	if err != nil {
		return nil, err
	}
	if !w.Turn.Valid() {
		return nil, fmt.Errorf("seat %d on turn", w.Turn)
	}
	cubePhase := w.Phase == PhaseCube || w.Phase == PhaseDoubled
	// Before a roll (a cube decision, or a game that ended in one) there
	// are no dice.
	noRoll := cubePhase || (w.Phase == PhaseOver && w.Options.Cube)
	if !w.Dice.Valid() && !(noRoll && w.Dice == rules.Dice{}) {
		return nil, fmt.Errorf("dice %v", w.Dice)
	}
	if cubePhase && !w.Options.Cube {
		return nil, fmt.Errorf("phase %s without the cube", w.Phase)
	}
	if w.Cube.Value < 1 || (w.Cube.Owner != NoSeat && !w.Cube.Owner.Valid()) {
		return nil, fmt.Errorf("cube %+v", w.Cube)
	}
	for i, r := range w.History {
		if !r.Seat.Valid() || !r.Dice.Valid() || len(r.Steps) > 4 {
			return nil, fmt.Errorf("history turn %d: %+v", i, r)
		}
	}
	if (w.Match != nil) != (w.Options.Match > 0) {
		return nil, fmt.Errorf("match state %v in a match to %d", w.Match, w.Options.Match)
	}
	if w.Match != nil && (w.Match.Number != len(w.Past)+1 || w.Match.Score[0] < 0 || w.Match.Score[1] < 0) {
		return nil, fmt.Errorf("match state %+v after %d games", *w.Match, len(w.Past))
	}
	for i, c := range w.Cubes {
		if !c.Seat.Valid() || c.Kind < CubeDouble || c.Kind > CubeDrop || c.Before < 0 || c.Before > len(w.History) {
			return nil, fmt.Errorf("cube action %d: %+v", i, c)
		}
	}
	for s, r := range w.Clock.Reserve {
		if r < 0 {
			return nil, fmt.Errorf("seat %d reserve %v", s, r)
		}
	}
	g := &Game{
		opts:     w.Options,
		players:  w.Players,
		opening:  w.Opening,
		pos:      pos,
		turn:     w.Turn,
		dice:     w.Dice,
		made:     w.Made,
		phase:    w.Phase,
		counter:  w.Counter,
		history:  w.History,
		cubes:    w.Cubes,
		past:     w.Past,
		cube:     w.Cube,
		clock:    w.Clock,
		started:  w.Started,
		finished: w.Finished,
	}
	if w.Match != nil {
		g.match = *w.Match
	}
	g.diceBase, g.throws, g.unverifiable = w.DiceBase, w.Throws, w.Unverifiable
	if w.DiceSeed == "" {
		// Stored before the dice had seeds: a seed for the throws to come,
		// but the game's dice cannot be checked.
		g.seed, g.unverifiable = newSeed(), true
		if g.diceBase == "" {
			g.diceBase = newDiceBase()
		}
	} else if g.seed, err = parseSeed(w.DiceSeed); err != nil {
		return nil, err
	}
	if len(g.made) == 0 {
		g.made = nil
	}
	// A game stored before the stale-keyboard rule takes no old keyboard
	// in the turn it was stored in.
	g.turnAt = g.counter
	if w.TurnAt != nil && *w.TurnAt <= g.counter {
		g.turnAt = *w.TurnAt
	}
	if len(w.MadeAt) == len(g.made) && len(g.made) > 0 {
		g.madeAt = w.MadeAt
	} else if len(g.made) > 0 {
		g.madeAt = make([]uint32, len(g.made))
		for i := range g.madeAt {
			g.madeAt[i] = g.turnAt
		}
	}
	if g.phase == PhaseOver {
		if w.Result == nil || !w.Result.Winner.Valid() || w.Result.Reason == 0 || w.Result.Value < 1 {
			return nil, fmt.Errorf("game over without a proper result: %+v", w.Result)
		}
		if len(g.made) > 0 {
			return nil, fmt.Errorf("steps made after the end")
		}
		g.result = *w.Result
		return g, nil
	}
	if w.Result != nil {
		return nil, fmt.Errorf("a result while the game goes on")
	}
	if pos.Mine[rules.Off] == rules.Checkers || pos.Theirs[rules.Off] == rules.Checkers {
		return nil, fmt.Errorf("a won board while the game goes on")
	}
	if g.phase == PhaseCube || g.phase == PhaseDoubled {
		if len(g.made) > 0 {
			return nil, fmt.Errorf("steps made before the roll")
		}
		return g, nil
	}
	rt := g.rulesTurn()
	if _, _, err := rt.Next(g.made); err != nil {
		return nil, fmt.Errorf("steps %q: %w", g.made, err)
	}
	want := PhaseMoving
	switch {
	case rt.Length() == 0:
		want = PhaseNoMoves
	case len(g.made) == rt.Length():
		want = PhaseComplete
	}
	if g.phase != want {
		return nil, fmt.Errorf("phase %s with %d of %d steps made", g.phase, len(g.made), rt.Length())
	}
	return g, nil
}

// wireOptions is the JSON form of Options: the variant, rule set and
// scoring by name. Games stored before variants had a type wrote only
// "variant", meaning the scoring ("short" or "classic"); they read as
// short nardi with that scoring.
type wireOptions struct {
	Game    string      `json:"game,omitempty"`
	Rules   string      `json:"rules"`
	Scoring string      `json:"scoring,omitempty"`
	Legacy  string      `json:"variant,omitempty"`
	Clock   TimeControl `json:"clock,omitzero"`
	Cube    bool        `json:"cube,omitempty"`
	Jacoby  bool        `json:"jacoby,omitempty"`
	Match   int         `json:"match,omitempty"`
	Idle    int64       `json:"idle_claim_s,omitempty"` // IdleClaim in seconds
	Wait    bool        `json:"wait_first_move,omitempty"`
}

// MarshalJSON writes the options with the variant, rule set and scoring
// by name.
func (o Options) MarshalJSON() ([]byte, error) {
	return json.Marshal(wireOptions{Game: o.Game().Name(), Rules: o.Rules.String(), Scoring: o.Scoring.String(), Clock: o.Clock,
		Cube: o.Cube, Jacoby: o.Jacoby, Match: o.Match, Idle: int64(o.IdleClaim / time.Second), Wait: o.WaitFirstMove})
}

// UnmarshalJSON reads options written by MarshalJSON, or by the earlier
// form with "variant" for the scoring.
func (o *Options) UnmarshalJSON(b []byte) error {
	var w wireOptions
	if err := json.Unmarshal(b, &w); err != nil {
		return err
	}
	v, err := rules.ParseVariant(w.Game)
	if err != nil {
		return err
	}
	rs, err := rules.ParseRuleSet(w.Rules)
	if err != nil {
		return err
	}
	scoring := w.Scoring
	if scoring == "" {
		scoring = w.Legacy
	}
	sc, err := rules.ParseScoring(scoring)
	if err != nil {
		return err
	}
	*o = Options{Variant: v, Rules: rs, Scoring: sc, Clock: w.Clock, Cube: w.Cube, Jacoby: w.Jacoby, Match: w.Match,
		IdleClaim: time.Duration(w.Idle) * time.Second, WaitFirstMove: w.Wait}.canonical()
	return nil
}
