package game

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"nardi/rules"
)

// TestRandomGamesThroughSteps plays whole games under both rule sets and
// both scorings through the step API alone: random steps, random undos,
// confirmations, passes. It checks the invariants after every action and,
// at the end, that the history replays to the final board and that the
// result is what the rules engine says.
func TestRandomGamesThroughSteps(t *testing.T) {
	games := 60
	if testing.Short() {
		games = 16
	}
	reasons := map[Reason]int{}
	for n := range games {
		opts := Options{Rules: rules.RuleSet(n % 2), Scoring: rules.Scoring(n / 2 % 2)}
		rng := rand.New(rand.NewPCG(uint64(n), 7))
		g, err := NewWithRoller(opts, humans, randRoller(uint64(n)), t0)
		ok(t, err)
		now := t0
		for actions := 0; !g.Over(); actions++ {
			if actions > 5000 {
				t.Fatalf("game %d does not end", n)
			}
			now = now.Add(time.Second)
			before, turn := g.Counter(), g.Turn()
			switch g.Phase() {
			case PhaseNoMoves:
				if len(g.NextSteps()) != 0 || len(g.LegalPlays()) != 0 {
					t.Fatalf("no moves, but steps %v", g.NextSteps())
				}
				mustCode(t, g.Step(turn, before, rules.Step{From: 24, To: 18}, true, now), ErrIllegalStep)
				ok(t, g.Pass(before, now))
			case PhaseComplete:
				if rng.IntN(4) == 0 {
					ok(t, g.Undo(turn, before))
				} else {
					ok(t, g.Confirm(turn, before, now))
				}
			case PhaseMoving:
				next := g.NextSteps()
				if len(next) == 0 {
					t.Fatalf("game %d: moving with no next step", n)
				}
				if len(g.Made()) > 0 && rng.IntN(8) == 0 {
					ok(t, g.Undo(turn, before))
					break
				}
				s := next[rng.IntN(len(next))]
				ok(t, g.Step(turn, before, rules.Step{From: s.From, To: s.To}, rng.IntN(2) == 0, now))
				if got := g.Made(); g.Turn() == turn && !g.Over() && got[len(got)-1] != s {
					t.Fatalf("step made %v, want %v", got[len(got)-1], s)
				}
			}
			if g.Counter() != before+1 {
				t.Fatalf("counter went from %d to %d", before, g.Counter())
			}
			p0, p1 := g.PositionFor(0), g.PositionFor(1)
			if err := p0.Validate(); err != nil {
				t.Fatalf("game %d: %v\n%s", n, err, p0)
			}
			if p1 != p0.Swap() {
				t.Fatal("the two seats' views disagree")
			}
			if actions%97 == 0 {
				roundTrip(t, g)
			}
		}
		res, over := g.Result()
		if !over {
			t.Fatal("result of a game not over")
		}
		last, _ := g.LastPlay()
		if res.Winner != last.Seat || res.Winner != g.Turn() {
			t.Fatalf("winner %d, last mover %d", res.Winner, last.Seat)
		}
		final := g.PositionFor(res.Winner)
		if !final.Won() || res.Value != final.Value(opts.Scoring) || res.Points != res.Value {
			t.Fatalf("result %+v for final board\n%s", res, final)
		}
		reasons[res.Reason]++
		replay(t, g)
		roundTrip(t, g)
	}
	if reasons[ReasonOin] == 0 || reasons[ReasonMars] == 0 {
		t.Errorf("reasons seen: %v", reasons)
	}
}

// replay plays the history from the start and checks each play is legal
// with its roll and that it reaches the game's board.
func replay(t *testing.T, g *Game) {
	t.Helper()
	pos := rules.Start() // seat 0's view
	h := g.History()
	if len(h) == 0 {
		t.Fatal("empty history")
	}
	op := g.Opening()
	first := Seat(0)
	if op[1] > op[0] {
		first = 1
	}
	if h[0].Seat != first || h[0].Dice != (rules.Dice{op[first], op[first.Other()]}) {
		t.Fatalf("first turn %+v after opening %v", h[0], op)
	}
	for i, r := range h {
		if i > 0 && r.Seat == h[i-1].Seat {
			t.Fatalf("turn %d: seat %d moves twice", i, r.Seat)
		}
		mv := view(pos, r.Seat)
		plays, results := rules.LegalPlays(mv, r.Dice, g.Options().Rules)
		if r.Pass() {
			if len(plays) != 0 {
				t.Fatalf("turn %d: a pass with %d legal plays", i, len(plays))
			}
			continue
		}
		after := mv.ApplyPlay(r.Play())
		if !slices.Contains(results, after) {
			t.Fatalf("turn %d: %s is not legal with %v", i, r.Notation(), r.Dice)
		}
		if _, err := rules.ParsePlay(mv, r.Dice, r.Notation(), g.Options().Rules); err != nil {
			t.Fatalf("turn %d: notation %q: %v", i, r.Notation(), err)
		}
		pos = view(after, r.Seat)
	}
	if pos != g.Board() {
		t.Fatalf("replay ends on\n%s\nthe game on\n%s", pos, g.Board())
	}
}

func TestOpeningRoll(t *testing.T) {
	g, err := NewWithRoller(Options{}, humans, seq(3, 3, 2, 5, 6, 6), t0)
	ok(t, err)
	if g.Opening() != [2]int{2, 5} || g.Turn() != 1 || g.Dice() != (rules.Dice{5, 2}) {
		t.Fatalf("opening %v, turn %d, dice %v", g.Opening(), g.Turn(), g.Dice())
	}
	if g.Phase() != PhaseMoving || g.Counter() != 0 || g.Board() != rules.Start() {
		t.Fatalf("phase %s counter %d", g.Phase(), g.Counter())
	}
	if g.Player(0).Name != "Alice" || g.Turn().Color() != Black || Seat(0).Color() != White {
		t.Fatal("seats and colours")
	}
	if s, found := g.SeatOf(202); !found || s != 1 {
		t.Fatalf("SeatOf(202) = %d, %v", s, found)
	}
	if _, found := g.SeatOf(999); found {
		t.Fatal("a stranger has a seat")
	}
	if _, err := New(Options{}, [2]Player{alice, alice}, t0); CodeOf(err) != ErrBadOptions {
		t.Fatalf("same person twice: %v", err)
	}
	if _, err := New(Options{}, [2]Player{alice, Computer("genius")}, t0); CodeOf(err) != ErrBadOptions {
		t.Fatalf("unknown level: %v", err)
	}
	if _, err := New(Options{Clock: TimeControl{Move: -1}}, humans, t0); CodeOf(err) != ErrBadOptions {
		t.Fatalf("negative clock: %v", err)
	}
	// The default source of dice gives a valid game, and fair dice.
	g, err = New(Options{}, [2]Player{alice, Computer(Master)}, t0)
	ok(t, err)
	if !g.Dice().Valid() || g.Dice().IsDouble() {
		t.Fatalf("opening dice %v", g.Dice())
	}
	var counts [7]int
	seed := newSeed()
	for k := 1; k <= 3000; k++ {
		d := FairThrow(seed, "x", k)
		counts[d[0]]++
		counts[d[1]]++
	}
	for f := 1; f <= 6; f++ {
		if counts[f] < 800 || counts[f] > 1200 {
			t.Fatalf("face counts %v", counts[1:])
		}
	}
}

func TestStaleAndNotYourTurn(t *testing.T) {
	g := newGame(t, Options{}, seq(6, 5))
	c := g.Counter()
	before := snapshot(t, g)
	step := rules.Step{From: 24, To: 22}
	mustCode(t, g.Step(1, c, step, true, t0), ErrNotYourTurn)
	mustCode(t, g.Step(2, c, step, true, t0), ErrNotAPlayer)
	mustCode(t, g.Step(NoSeat, c, step, true, t0), ErrNotAPlayer)
	mustCode(t, g.Step(0, c+1, step, true, t0), ErrStale)
	mustCode(t, g.Step(0, c, rules.Step{From: 24, To: 20}, true, t0), ErrIllegalStep)
	mustCode(t, g.Undo(1, c), ErrNotYourTurn)
	mustCode(t, g.Pass(c, t0), ErrCannotPass)
	if snapshot(t, g) != before {
		t.Fatal("a refused action changed the game")
	}
	ok(t, g.Step(0, c, step, true, t0))
	// The same tap again (a double tap) is stale and changes nothing.
	after := snapshot(t, g)
	mustCode(t, g.Step(0, c, rules.Step{From: 24, To: 23}, true, t0), ErrStale)
	mustCode(t, g.Undo(0, c), ErrStale)
	mustCode(t, g.Resign(1, c, t0), ErrStale)
	if snapshot(t, g) != after {
		t.Fatal("a stale action changed the game")
	}
	if !errors.Is(g.Undo(0, c), &Error{Code: ErrStale}) {
		t.Fatal("errors.Is does not match on the code")
	}
	if errors.Is(g.Undo(0, c), &Error{Code: ErrGameOver}) {
		t.Fatal("errors.Is matches another code")
	}
}

func TestStepsUndoConfirm(t *testing.T) {
	g := newGame(t, Options{}, seq(6, 5))
	start := g.PositionFor(0)
	mustCode(t, g.Undo(0, 0), ErrNothingToUndo)
	mustCode(t, g.Confirm(0, 0, t0), ErrNotComplete)
	next := g.NextSteps()
	if len(next) == 0 || g.UnusedDice()[0] != 2 || len(g.UnusedDice()) != 2 {
		t.Fatalf("next %v unused %v", next, g.UnusedDice())
	}
	// 2-1 from the start: 13/11 then undo, then 13/11 6/5 with confirmation.
	ok(t, g.Step(0, 0, rules.Step{From: 13, To: 11}, false, t0))
	if g.PositionFor(0).Mine[11] != 1 || g.PositionFor(1).Theirs[11] != 1 || !slices.Equal(g.UnusedDice(), []int{1}) {
		t.Fatal("the step is not on the board")
	}
	ok(t, g.Undo(0, 1))
	if g.PositionFor(0) != start || len(g.Made()) != 0 || g.Counter() != 2 {
		t.Fatal("undo did not restore the turn")
	}
	ok(t, g.Step(0, 2, rules.Step{From: 13, To: 11}, false, t0))
	ok(t, g.Step(0, 3, rules.Step{From: 6, To: 5}, false, t0))
	if g.Phase() != PhaseComplete || g.Turn() != 0 || len(g.NextSteps()) != 0 {
		t.Fatalf("phase %s turn %d", g.Phase(), g.Turn())
	}
	mustCode(t, g.Step(0, 4, rules.Step{From: 8, To: 7}, false, t0), ErrIllegalStep)
	ok(t, g.Undo(0, 4))
	if g.Phase() != PhaseMoving || len(g.Made()) != 1 {
		t.Fatal("undo of a complete play")
	}
	ok(t, g.Step(0, 5, rules.Step{From: 6, To: 5}, false, t0))
	ok(t, g.Confirm(0, 6, t0))
	if g.Turn() != 1 || g.Dice() != (rules.Dice{6, 5}) || g.Phase() != PhaseMoving || g.Counter() != 7 {
		t.Fatalf("after confirm: turn %d dice %v phase %s", g.Turn(), g.Dice(), g.Phase())
	}
	last, found := g.LastPlay()
	if !found || last.Seat != 0 || last.Notation() != "13/11 6/5" || last.Dice != (rules.Dice{2, 1}) {
		t.Fatalf("last play %+v %q", last, last.Notation())
	}
	if len(g.History()) != 1 {
		t.Fatal("history")
	}
	// Auto-commit: 24/18 18/13 ends Black's turn at once.
	ok(t, g.Step(1, 7, rules.Step{From: 24, To: 18}, true, t0))
	ok(t, g.Step(1, 8, rules.Step{From: 18, To: 13}, true, t0))
	if g.Turn() != 0 || g.Counter() != 9 {
		t.Fatalf("auto-commit: turn %d counter %d", g.Turn(), g.Counter())
	}
	if last, _ := g.LastPlay(); last.Notation() != "24/13" || last.Steps.String() != "24/18 18/13" {
		t.Fatalf("last play %q steps %q", last.Notation(), last.Steps)
	}
	// A whole play for a seat replaces its steps.
	ok(t, g.Step(0, 9, rules.Step{From: 24, To: 18}, false, t0))
	mustCode(t, g.ApplyPlay(0, 10, rules.Play{}, t0), ErrIllegalStep)
	bad := rules.Play{N: 2, Steps: [4]rules.Step{{From: 24, To: 18}, {From: 24, To: 17}}}
	mustCode(t, g.ApplyPlay(0, 10, bad, t0), ErrIllegalStep)
	pl, err := rules.ParsePlay(g.TurnStart(), g.Dice(), "13/7 13/8", rules.Nardi)
	ok(t, err)
	mustCode(t, g.ApplyPlay(1, 10, pl, t0), ErrNotYourTurn)
	ok(t, g.ApplyPlay(0, 10, pl, t0))
	if last, _ := g.LastPlay(); last.Notation() != "13/8 13/7" || g.PositionFor(0).Mine[24] != 2 {
		t.Fatalf("applied %q", last.Notation())
	}
}

// noMovesBoard has seat 1 on the bar against seat 0's closed home board
// (seat 0's points 1..6), seat 1 to roll.
func noMovesBoard() rules.Position {
	var p rules.Position
	p.Mine[1], p.Mine[2], p.Mine[3], p.Mine[4], p.Mine[5], p.Mine[6] = 2, 2, 2, 2, 2, 2
	p.Mine[13] = 3
	p.Theirs[rules.Bar] = 1
	p.Theirs[13] = 14
	return p
}

func TestNoMovesAndForced(t *testing.T) {
	opts := Options{Clock: TimeControl{Move: 5 * time.Second, Reserve: 10 * time.Second}}
	g := gameAt(t, opts, noMovesBoard(), 1, rules.Dice{3, 4}, seq(6, 5), t0)
	if g.Phase() != PhaseNoMoves || len(g.LegalPlays()) != 0 || !slices.Equal(g.UnusedDice(), []int{3, 4}) {
		t.Fatalf("phase %s", g.Phase())
	}
	if _, found := g.Deadline(); found {
		t.Fatal("a deadline for a roll that cannot be played")
	}
	if d, found := g.Due(2 * time.Second); !found || d.Kind != DuePass || !d.At.Equal(t0.Add(2*time.Second)) {
		t.Fatalf("due %+v", d)
	}
	c := g.Counter()
	mustCode(t, g.Step(1, c, rules.Step{From: rules.Bar, To: 22}, true, t0), ErrIllegalStep)
	mustCode(t, g.ApplyPlay(1, c, rules.Play{}, t0), ErrIllegalStep)
	mustCode(t, g.MarkTimedOut(c, t0.Add(time.Hour)), ErrNotTimedOut)
	// A pass waits without a clock: an hour later, no reserve is lost.
	ok(t, g.Pass(c, t0.Add(time.Hour)))
	if g.Turn() != 0 || g.Counter() != c+1 || g.Clock().Reserve[1] != 10*time.Second {
		t.Fatalf("after the pass: turn %d reserve %v", g.Turn(), g.Clock().Reserve)
	}
	last, _ := g.LastPlay()
	if !last.Pass() || last.Seat != 1 || last.Dice != (rules.Dice{3, 4}) || last.Notation() != "" {
		t.Fatalf("pass record %+v", last)
	}
	roundTrip(t, g)

	// A forced play: seat 0's only checker outside its home is on the
	// 13-point; with 6-5, 13/8/2 and 13/7/2 reach the same result, so the
	// play is forced (bearing off is not allowed before the checker is home).
	var p rules.Position
	p.Mine[13] = 1
	p.Mine[1] = 14
	p.Theirs[rules.Off] = 5
	p.Theirs[20] = 10
	g = gameAt(t, Options{}, p, 0, rules.Dice{6, 5}, seq(1, 2), t0)
	pl, forced := g.Forced()
	if !forced || pl.String() != "13/2" {
		t.Fatalf("forced %v %q", forced, pl.String())
	}
	if d, _ := g.Due(time.Second); d.Kind != DueForced || !d.At.Equal(t0.Add(time.Second)) {
		t.Fatalf("due %+v", d)
	}
	ok(t, g.Step(0, g.Counter(), rules.Step{From: 13, To: 7}, false, t0))
	if _, forced := g.Forced(); forced {
		t.Fatal("forced after a step")
	}
	ok(t, g.Undo(0, g.Counter()))
	ok(t, g.ApplyPlay(0, g.Counter(), pl, t0))
	if g.PositionFor(0).Mine[2] != 1 {
		t.Fatal("forced play not made")
	}
	if last, _ := g.LastPlay(); !last.Forced {
		t.Error("the forced play is not recorded as forced")
	}
	if rt := roundTrip(t, g); len(rt.History()) == 0 || !rt.History()[len(rt.History())-1].Forced {
		t.Error("the forced mark does not survive JSON")
	}
	// The computer on turn is due at once.
	g, err := NewWithRoller(Options{}, [2]Player{Computer(Beginner), bob}, seq(4, 2), t0)
	ok(t, err)
	if d, _ := g.Due(time.Second); g.Turn() != 0 || d.Kind != DueComputer || !d.At.Equal(t0) {
		t.Fatalf("due %+v", d)
	}
}

func TestResignValues(t *testing.T) {
	// Nothing borne off: a mars.
	g := newGame(t, Options{}, seq(6, 5))
	ok(t, g.Step(0, 0, rules.Step{From: 13, To: 11}, true, t0))
	ok(t, g.Resign(0, 1, t0.Add(time.Minute)))
	res, over := g.Result()
	if !over || res != (Result{Winner: 1, Reason: ReasonResign, Value: 2, Points: 2}) {
		t.Fatalf("result %+v", res)
	}
	if g.Finished() != t0.Add(time.Minute) || len(g.Made()) != 0 || g.Phase() != PhaseOver {
		t.Fatal("end state")
	}
	mustCode(t, g.Step(0, 2, rules.Step{From: 6, To: 5}, true, t0), ErrGameOver)
	mustCode(t, g.Resign(1, 2, t0), ErrGameOver)
	mustCode(t, g.ClaimTimeout(1, 2, t0), ErrGameOver)
	roundTrip(t, g)

	// One checker borne off: the resigner, not on turn, loses an oin.
	var p rules.Position
	p.Mine[1] = 14
	p.Mine[rules.Off] = 1
	p.Theirs[19] = 15
	g = gameAt(t, Options{}, p, 1, rules.Dice{1, 2}, seq(1, 2), t0)
	ok(t, g.Resign(0, g.Counter(), t0))
	if res, _ := g.Result(); res != (Result{Winner: 1, Reason: ReasonResign, Value: 1, Points: 1}) {
		t.Fatalf("result %+v", res)
	}
}

func TestWinValuesByScoring(t *testing.T) {
	// Seat 0 bears off its last checker; seat 1 has none off and one
	// checker in seat 0's home (seat 1's 20-point).
	var p rules.Position
	p.Mine[1] = 1
	p.Mine[rules.Off] = 14
	p.Theirs[20] = 1
	p.Theirs[6] = 14
	for _, tc := range []struct {
		s      rules.Scoring
		value  int
		reason Reason
	}{{rules.OinMars, 2, ReasonMars}, {rules.WithKoks, 3, ReasonKoks}} {
		g := gameAt(t, Options{Scoring: tc.s}, p, 0, rules.Dice{3, 1}, seq(1, 2), t0)
		ok(t, g.Step(0, g.Counter(), rules.Step{From: 1, To: rules.Off}, false, t0))
		if g.Over() {
			t.Fatal("over before the confirmation")
		}
		ok(t, g.Confirm(0, g.Counter(), t0))
		if res, _ := g.Result(); res != (Result{Winner: 0, Reason: tc.reason, Value: tc.value, Points: tc.value}) {
			t.Fatalf("%s: result %+v", tc.s, res)
		}
	}
	// With one loser's checker off, an oin.
	p.Theirs[6], p.Theirs[rules.Off] = 13, 1
	g := gameAt(t, Options{Scoring: rules.WithKoks}, p, 0, rules.Dice{3, 1}, seq(1, 2), t0)
	ok(t, g.Step(0, g.Counter(), rules.Step{From: 1, To: rules.Off}, true, t0))
	if res, _ := g.Result(); res.Reason != ReasonOin || res.Value != 1 {
		t.Fatalf("result %+v", res)
	}
}

func TestJSONRoundTripMidGame(t *testing.T) {
	opts := Options{Rules: rules.Standard, Scoring: rules.WithKoks, Clock: TimeControl{Move: 11 * time.Second, Reserve: 90 * time.Second}}
	g, err := NewWithRoller(opts, [2]Player{alice, Computer(Club)}, randRoller(3), t0)
	ok(t, err)
	now := t0
	for range 9 {
		now = now.Add(13*time.Second + 7*time.Millisecond + 3)
		firstPlay(t, g, now)
	}
	if g.Phase() != PhaseMoving {
		t.Fatalf("phase %s", g.Phase())
	}
	// Part way through a turn, paused, with some history.
	next := g.NextSteps()
	ok(t, g.Step(g.Turn(), g.Counter(), next[len(next)-1], false, now.Add(time.Second)))
	g.Pause(now.Add(2 * time.Second))
	back := roundTrip(t, g)
	mid := snapshot(t, g)
	if back.Options() != opts || back.Players() != g.Players() || !slices.Equal(back.Made(), g.Made()) ||
		back.PositionFor(0) != g.PositionFor(0) || back.Clock() != g.Clock() || !slices.Equal(back.NextSteps(), g.NextSteps()) {
		t.Fatal("the restored game differs")
	}
	// Both copies go on identically with the same dice.
	g.SetRoller(randRoller(99))
	back.SetRoller(randRoller(99))
	for _, x := range []*Game{g, back} {
		x.Resume(now.Add(time.Hour))
		for !x.Over() && x.Counter() < 200 {
			now := now.Add(time.Hour + time.Duration(x.Counter())*time.Second)
			if x.Phase() == PhaseComplete {
				ok(t, x.Undo(x.Turn(), x.Counter()))
			}
			firstPlay(t, x, now)
		}
	}
	if snapshot(t, g) != snapshot(t, back) {
		t.Fatal("the copies diverged")
	}

	// A stored state that is not consistent is refused, for the right
	// reason. The base is the paused state part way through a turn.
	for name, tc := range map[string]struct {
		change func(map[string]any)
		want   string
	}{
		"version":   {func(w map[string]any) { w["v"] = 7 }, "format version"},
		"board":     {func(w map[string]any) { w["board"] = "4HPwATDgc/AB" }, "want 14 characters"},
		"turn":      {func(w map[string]any) { w["turn"] = 2 }, "seat 2 on turn"},
		"made":      {func(w map[string]any) { w["made"] = "24/1" }, "do not begin a legal play"},
		"complete":  {func(w map[string]any) { w["phase"] = "complete" }, "phase complete with 1 of"},
		"phase":     {func(w map[string]any) { w["phase"] = "flying" }, "unknown phase"},
		"rules":     {func(w map[string]any) { w["options"].(map[string]any)["rules"] = "chess" }, "unknown rule set"},
		"no result": {func(w map[string]any) { w["phase"] = "over" }, "without a proper result"},
		"result":    {func(w map[string]any) { w["result"] = map[string]any{"winner": 0, "reason": "oin", "value": 1} }, "a result while"},
		"players":   {func(w map[string]any) { w["players"] = []any{map[string]any{"id": 5}, map[string]any{"id": 5}} }, "both seats"},
		"dice":      {func(w map[string]any) { w["dice"] = []int{0, 7} }, "dice [0 7]"},
		"history": {func(w map[string]any) {
			w["history"] = []any{map[string]any{"seat": 0, "dice": []int{1, 2}, "steps": "1/5"}}
		}, "not a forward step"},
	} {
		var c map[string]any
		ok(t, json.Unmarshal([]byte(mid), &c))
		tc.change(c)
		bad, _ := json.Marshal(c)
		var x Game
		if err := json.Unmarshal(bad, &x); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: got error %v, want %q", name, err, tc.want)
		}
	}
}

func TestStepsText(t *testing.T) {
	ss := Steps{{From: rules.Bar, To: 22, Hit: true}, {From: 13, To: 7}, {From: 6, To: rules.Off}}
	b, err := ss.MarshalText()
	ok(t, err)
	if string(b) != "bar/22* 13/7 6/off" {
		t.Fatalf("text %q", b)
	}
	var back Steps
	ok(t, back.UnmarshalText(b))
	if !slices.Equal(back, ss) {
		t.Fatalf("back %v", back)
	}
	if err := back.UnmarshalText([]byte("13/7 25/20")); err == nil {
		t.Error("steps with a bad point were read")
	}
}

func TestParseTimeControl(t *testing.T) {
	for in, want := range map[string]TimeControl{
		"11+90": {Move: 11 * time.Second, Reserve: 90 * time.Second},
		"5+30":  {Move: 5 * time.Second, Reserve: 30 * time.Second},
		"5+0":   {Move: 5 * time.Second},
		"0":     {},
		"20":    {Move: 20 * time.Second},
		"7d":    {Move: 7 * Day},
		// A week of reserve is the most.
		"60+604800": {Move: time.Minute, Reserve: MaxClock},
	} {
		got, err := ParseTimeControl(in)
		if err != nil || got != want {
			t.Errorf("ParseTimeControl(%q) = %v, %v", in, got, err)
		}
		if in != "20" && got.String() != in {
			t.Errorf("%v.String() = %q", got, got.String())
		}
	}
	for _, bad := range []string{"", "a+b", "-1+3", "5+", "1.5+3", "999999+1"} {
		if _, err := ParseTimeControl(bad); err == nil {
			t.Errorf("ParseTimeControl(%q) accepted", bad)
		}
	}
	// A move has at least MinMove, and no part more than a week: out of
	// these bounds the error says so.
	for _, short := range []string{"1+0", "1", "2+90", "0+60", "1+1", "5+604801", "604801", "8d", "0d"} {
		if tc, err := ParseTimeControl(short); !errors.Is(err, ErrClockRange) {
			t.Errorf("ParseTimeControl(%q) = %v, %v; want ErrClockRange", short, tc, err)
		}
	}
	if _, err := ParseTimeControl("5+x"); err == nil || errors.Is(err, ErrClockRange) {
		t.Errorf("an unreadable clock reads as out of range: %v", err)
	}
	if DuelClock.String() != "11+90" || (TimeControl{}).Enabled() {
		t.Fatal("defaults")
	}
}

func TestOptionsJSON(t *testing.T) {
	for _, o := range []Options{{}, {Variant: rules.Short, Rules: rules.Standard, Scoring: rules.WithKoks, Clock: DuelClock}} {
		b, err := json.Marshal(o)
		ok(t, err)
		var back Options
		ok(t, json.Unmarshal(b, &back))
		if back != o.canonical() || back.Game() != rules.Short {
			t.Errorf("%s reads back as %+v", b, back)
		}
	}
	// Games stored before the variant had a type wrote the scoring as
	// "variant".
	for legacy, want := range map[string]rules.Scoring{"short": rules.OinMars, "classic": rules.WithKoks} {
		var o Options
		ok(t, json.Unmarshal([]byte(`{"rules":"standard","variant":"`+legacy+`"}`), &o))
		if o.Scoring != want || o.Rules != rules.Standard || o.Game() != rules.Short {
			t.Errorf("legacy %q reads as %+v", legacy, o)
		}
	}
	var o Options
	if err := json.Unmarshal([]byte(`{"game":"checkers","rules":"nardi"}`), &o); err == nil {
		t.Error("an unknown variant was read")
	}
}
