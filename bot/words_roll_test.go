package bot

import (
	"strings"
	"testing"
	"time"

	"nardi/game"
	"nardi/locales"
	"nardi/rules"
	"nardi/store"
)

// TestRollsLargerDieFirst: a roll is written as players write it, the
// larger die first, whatever die was thrown first: in the helper and in
// a board's caption.
func TestRollsLargerDieFirst(t *testing.T) {
	for d, want := range map[rules.Dice]string{{3, 6}: "6-3", {6, 3}: "6-3", {1, 2}: "2-1", {4, 4}: "4-4"} {
		if got := diceText(d); got != want {
			t.Errorf("diceText(%v) = %q, want %q", d, got, want)
		}
	}
	// The opening roll throws 3 for the first seat and 6 for the second:
	// the second starts and plays 6-3.
	seq := []int{3, 6}
	roller := game.RollerFunc(func() int { n := seq[0]; seq = append(seq[1:], 1); return n })
	t0 := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	g, err := game.NewWithRoller(game.Options{}, [2]game.Player{game.Human(1, "Nino"), game.Human(2, "Ani")}, roller, t0)
	if err != nil {
		t.Fatal(err)
	}
	if g.Turn() != 1 {
		t.Fatalf("seat %d starts, want 1", g.Turn())
	}
	rec := &store.GameRecord{ID: 1, Kind: store.KindGroup, Game: g}
	b := &Bot{}
	for _, l := range locales.Langs {
		c := b.caption(rec, viewer{seat: 1, lang: l}, t0)
		if want := locales.T(l, "caption.rolled_you", map[string]any{"Dice": "6-3"}); !strings.Contains(c, want) {
			t.Errorf("%s: the caption lacks %q:\n%s", l, want, c)
		}
		if strings.Contains(c, "3-6") {
			t.Errorf("%s: the caption writes the smaller die first:\n%s", l, c)
		}
	}
}

// clockLines returns a caption's lines that begin with the clock's sign.
func clockLines(c string) []string {
	var out []string
	for _, line := range strings.Split(c, "\n") {
		if strings.HasPrefix(line, "⏱") {
			out = append(out, line)
		}
	}
	return out
}

// TestDayClockReadsAsADayAMove: a clock of a day a move is written as a
// day a move for the player who is waiting, and as the time left for the
// move for the one on turn, never as "24:00:00 + 0:00"; a clock without
// a reserve shows no reserve, in the caption and in a challenge's terms.
func TestDayClockReadsAsADayAMove(t *testing.T) {
	t0 := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	b := &Bot{}
	for _, tc := range []game.TimeControl{{Move: game.Day}, {Move: 3 * game.Day}, {Move: 60 * time.Second}} {
		g, err := game.New(game.Options{Clock: tc}, [2]game.Player{game.Human(1, "Nino"), game.Human(2, "Ani")}, t0)
		if err != nil {
			t.Fatal(err)
		}
		rec := &store.GameRecord{ID: 1, Kind: store.KindGroup, Game: g}
		now := t0.Add(time.Hour / 2)
		decider, waiting := g.Decider(), g.Decider().Other()
		moveLeft, _ := g.TimeLeft(decider, now)
		for _, l := range locales.Langs {
			v := viewer{seat: 0, lang: l}
			nm := names(g, v)
			lines := clockLines(b.caption(rec, v, now))
			if len(lines) != 2 {
				t.Fatalf("%s %v: clock lines %q", l, tc, lines)
			}
			for _, line := range lines {
				if strings.Contains(line, "24:00:00") || strings.Contains(line, "+") {
					t.Errorf("%s %v: %q shows a day as hours or an empty reserve", l, tc, line)
				}
			}
			wantWaiting := locales.T(l, "caption.clock_move", map[string]any{"Name": nm[waiting], "MoveTime": clockText(tc.Move)})
			if tc.Move%game.Day == 0 {
				wantWaiting = locales.N(l, "caption.clock_days", int(tc.Move/game.Day), map[string]any{"Name": nm[waiting]})
			}
			if lines[waiting] != wantWaiting {
				t.Errorf("%s %v: the waiting player's clock %q, want %q", l, tc, lines[waiting], wantWaiting)
			}
			wantOnTurn := locales.T(l, "caption.clock_move", map[string]any{"Name": nm[decider], "MoveTime": clockText(moveLeft)})
			if lines[decider] != wantOnTurn {
				t.Errorf("%s %v: the clock of the player on turn %q, want %q", l, tc, lines[decider], wantOnTurn)
			}
			if line := clockLine(l, tc); strings.Contains(line, "+") || strings.Contains(line, " 0 ") {
				t.Errorf("%s %v: the terms read %q", l, tc, line)
			}
		}
	}
	for _, l := range locales.Langs {
		if line := clockLine(l, game.DuelClock); !strings.Contains(line, "11") || !strings.Contains(line, "90") {
			t.Errorf("%s: the duel clock reads %q", l, line)
		}
	}
}

// TestCubeOfferSaysWhoDecides: the line of a double waiting for an answer
// tells the doubler that the opponent decides, tells the one doubled
// that the choice is theirs (with both buttons' signs), and tells someone
// watching who doubled and who decides, in every language.
func TestCubeOfferSaysWhoDecides(t *testing.T) {
	t0 := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	g, err := game.New(classic(game.TimeControl{}), [2]game.Player{game.Human(1, "Nino"), game.Human(2, "Ani")}, t0)
	if err != nil {
		t.Fatal(err)
	}
	doubler := g.Turn()
	nm := [2]string{"Nino", "Ani"}
	cases := map[game.Seat]string{doubler: "caption.cube_offer_you", doubler.Other(): "caption.cube_offer_to_you", game.NoSeat: "caption.cube_offer_name"}
	for seat, wantKey := range cases {
		key, data := cubeOffer(g, seat, nm)
		if key != wantKey {
			t.Errorf("seat %d: key %s, want %s", seat, key, wantKey)
		}
		for _, l := range locales.Langs {
			s := locales.T(l, key, data)
			if strings.Contains(s, "{{") || strings.Contains(s, "<no value>") || !strings.Contains(s, "2") {
				t.Errorf("%s %s: %q", l, key, s)
			}
			switch seat {
			case doubler.Other():
				if !strings.Contains(s, nm[doubler]) || !strings.Contains(s, "🤝") || !strings.Contains(s, "🚫") {
					t.Errorf("%s %s: %q does not name the doubler and both answers", l, key, s)
				}
			case game.NoSeat:
				if !strings.Contains(s, nm[doubler]) || !strings.Contains(s, nm[doubler.Other()]) {
					t.Errorf("%s %s: %q does not name both players", l, key, s)
				}
			}
		}
	}
}
