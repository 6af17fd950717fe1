package record

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"nardi/game"
	"nardi/rules"
)

var t0 = time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC)

// play makes random legal actions (doubles, takes, drops, now and then a
// resignation) until the game or match is done or steps run out.
func play(t *testing.T, g *game.Game, rng *rand.Rand, steps int) {
	t.Helper()
	now := t0
	for i := 0; i < steps && !g.Done(); i++ {
		now = now.Add(time.Second)
		var err error
		switch g.Phase() {
		case game.PhaseOver:
			err = g.NextGame(g.Counter(), now)
		case game.PhaseCube:
			if rng.IntN(6) == 0 {
				err = g.Double(g.Turn(), g.Counter(), now)
			} else {
				err = g.Roll(g.Turn(), g.Counter(), now)
			}
		case game.PhaseDoubled:
			if rng.IntN(3) == 0 {
				err = g.Drop(g.Decider(), g.Counter(), now)
			} else {
				err = g.Take(g.Decider(), g.Counter(), now)
			}
		case game.PhaseNoMoves:
			err = g.Pass(g.Counter(), now)
		default:
			if rng.IntN(300) == 0 {
				err = g.Resign(g.Turn().Other(), g.Counter(), now)
				break
			}
			pl := g.LegalPlays()
			err = g.ApplyPlay(g.Turn(), g.Counter(), pl[rng.IntN(len(pl))], now)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
}

// export writes a game and reads the record back.
func export(t *testing.T, g *game.Game) (*Parsed, string) {
	t.Helper()
	var b bytes.Buffer
	if err := Write(&b, g, "Computer"); err != nil {
		t.Fatal(err)
	}
	p, err := Parse(strings.NewReader(b.String()))
	if err != nil {
		t.Fatalf("%v\n%s", err, b.String())
	}
	return p, b.String()
}

// checkRecord replays every game of the record to the game's positions,
// checks its results and its dice against the revealed seeds.
func checkRecord(t *testing.T, g *game.Game, p *Parsed, text string) {
	t.Helper()
	games := Games(g)
	if len(p.Games) != len(games) || p.Match != g.Options().Match {
		t.Fatalf("%d games to %d, want %d to %d\n%s", len(p.Games), p.Match, len(games), g.Options().Match, text)
	}
	if p.Names[0] != matName(g.Player(0).Name, 0) {
		t.Errorf("seat 0 is %q, want %q", p.Names[0], g.Player(0).Name)
	}
	for i, pg := range p.Games {
		gm := games[i]
		n := i + 1
		if p.Header[fmt.Sprintf("Game %d Id", n)] != gm.ID || p.Header[fmt.Sprintf("Game %d Dice Commitment", n)] != gm.Commitment {
			t.Errorf("game %d: header %v", n, p.Header)
		}
		if pg.Score != gm.Score {
			t.Errorf("game %d: score %v, want %v", n, pg.Score, gm.Score)
		}
		final, err := Replay(pg, g.Options().Game(), g.Options().Rules)
		if err != nil {
			t.Fatalf("game %d: %v\n%s", n, err, text)
		}
		want := g.Board()
		if i < len(g.Past()) {
			want = finalBoard(t, g, i)
		}
		if final != want {
			t.Errorf("game %d replays to %s, want %s", n, final.PositionID(), want.PositionID())
		}
		if gm.Result != nil && gm.Result.Reason != game.ReasonDrop && (pg.Winner != int(gm.Result.Winner) || pg.Points != wonPoints(gm, g.Options().Match)) {
			t.Errorf("game %d: wins %d for seat %d, want %+v", n, pg.Points, pg.Winner, *gm.Result)
		}
		seedHex := p.Header[fmt.Sprintf("Game %d Dice Seed", n)]
		if gm.Result == nil {
			if seedHex != "" {
				t.Errorf("game %d: the seed is out before the end", n)
			}
			continue
		}
		seed, err := game.ParseSeed(seedHex)
		if err != nil || game.Commitment(seed) != gm.Commitment {
			t.Fatalf("game %d: seed %q does not match its commitment", n, seedHex)
		}
		// The rolls of the record are the seed's throws, in order and as
		// thrown (the opening's tied throws skipped; its first die seat 0's).
		k := 1
		var rolls []rules.Dice
		for _, a := range pg.Actions {
			if a.Cube == "" {
				rolls = append(rolls, a.Dice)
			}
		}
		for j, r := range rolls {
			d := game.FairThrow(seed, gm.ID, k)
			k++
			for j == 0 && d[0] == d[1] {
				d = game.FairThrow(seed, gm.ID, k)
				k++
			}
			if d != r {
				t.Fatalf("game %d roll %d: the record has %v, the seed gives %v", n, j+1, r, d)
			}
		}
	}
}

// dump writes the record and what gnubg should make of it (the final
// position from either side, the score) into $NARDI_MAT_DIR, for a check
// by hand with GNU Backgammon: scripts/check-mat-gnubg.sh.
func dump(t *testing.T, name string, g *game.Game, text string) {
	dir := os.Getenv("NARDI_MAT_DIR")
	if dir == "" {
		return
	}
	sc := g.Score()
	if res, over := g.Result(); over && res.Forfeit {
		sc[res.Winner] = max(sc[res.Winner], g.Options().Match) // the whole match, as the record says
	}
	want := fmt.Sprintf("%s %s %d %d\n", g.Board().PositionID(), g.Board().Swap().PositionID(), sc[0], sc[1])
	if err := os.WriteFile(filepath.Join(dir, name+".mat"), []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name+".want"), []byte(want), 0o644); err != nil {
		t.Fatal(err)
	}
}

// finalBoard replays a past game of the match from its history.
func finalBoard(t *testing.T, g *game.Game, i int) rules.Position {
	t.Helper()
	pos := g.Options().Game().Start()
	for _, r := range g.Past()[i].History {
		mover := pos
		if r.Seat == 1 {
			mover = pos.Swap()
		}
		after := mover.ApplyPlay(r.Play())
		if r.Seat == 1 {
			after = after.Swap()
		}
		pos = after
	}
	return pos
}

// TestExportGames: single games (nardi, classic money), a classic match
// to 3 and games in progress export to records that replay to the same
// positions and results, with every game's id, commitment and (once
// over) seed, and dice that the seed gives.
func TestExportGames(t *testing.T) {
	classic := game.Options{Rules: rules.Standard, Scoring: rules.WithKoks, Cube: true}
	for _, tc := range []struct {
		name  string
		opts  game.Options
		steps int
	}{
		{"nardi", game.Options{}, 10000},
		{"money", game.Options{Rules: classic.Rules, Scoring: classic.Scoring, Cube: true, Jacoby: true}, 10000},
		{"match", game.Options{Rules: classic.Rules, Scoring: classic.Scoring, Cube: true, Match: 3}, 10000},
		{"in progress", classic, 25},
		{"match in progress", game.Options{Match: 5}, 150},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for seed := uint64(1); seed <= 6; seed++ {
				g, err := game.New(tc.opts, [2]game.Player{game.Human(1, "Анна Мария"), game.Computer(game.Master)}, t0)
				if err != nil {
					t.Fatal(err)
				}
				play(t, g, rand.New(rand.NewPCG(seed, 7)), tc.steps)
				p, text := export(t, g)
				checkRecord(t, g, p, text)
				dump(t, fmt.Sprintf("%s-%d", strings.ReplaceAll(tc.name, " ", "-"), seed), g, text)
				if strings.Count(text, "\n;") > 0 && strings.Index(text, " Game 1") < strings.LastIndex(text, "\n;") {
					t.Fatal("a comment line after the first game")
				}
			}
		})
	}
}

// TestNoRecordOfLongNardi: gnubg plays only the short game, so a long
// nardi game has no .mat record: an error, not a record gnubg misreads.
func TestNoRecordOfLongNardi(t *testing.T) {
	g, err := game.New(game.Options{Variant: rules.Long}, [2]game.Player{game.Human(1, "Ann"), game.Computer(game.Master)}, t0)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := Write(&buf, g, "Computer"); err == nil || buf.Len() != 0 {
		t.Fatalf("a long nardi record: %v, %q", err, buf.String())
	}
}

// TestClosedGameRecordHasItsSeed: a game closed without a result (as
// abandoned) has its dice seed in the record's header, matching its
// commitment, and no result.
func TestClosedGameRecordHasItsSeed(t *testing.T) {
	g, err := game.New(game.Options{Rules: rules.Standard, Scoring: rules.WithKoks, Cube: true}, [2]game.Player{game.Human(1, "Ann"), game.Human(2, "Ben")}, t0)
	if err != nil {
		t.Fatal(err)
	}
	play(t, g, rand.New(rand.NewPCG(5, 5)), 20)
	g.Close()
	p, text := export(t, g)
	seed, err := game.ParseSeed(p.Header["Game 1 Dice Seed"])
	if err != nil || game.Commitment(seed) != g.DiceCommitment() {
		t.Fatalf("the closed game's seed %q (%v) in\n%s", p.Header["Game 1 Dice Seed"], err, text)
	}
	if strings.Contains(text, "Wins") {
		t.Errorf("a closed game has a result:\n%s", text)
	}
}

// TestForfeitedMatchIsFinished: a match lost on time (the late player
// forfeits the whole match) records its last game as won by the points
// the winner needed, so that GNU Backgammon reads the match as finished,
// not as a match still to be played at 2 points out of 5.
func TestForfeitedMatchIsFinished(t *testing.T) {
	opts := game.Options{Match: 5, Clock: game.TimeControl{Move: time.Minute}}
	g, err := game.New(opts, [2]game.Player{game.Human(1, "Ann"), game.Human(2, "Ben")}, t0)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(11, 3))
	for len(g.Past()) == 0 || g.Over() {
		play(t, g, rng, 1)
		if g.Done() {
			t.Fatal("the match ended before the timeout")
		}
	}
	play(t, g, rng, 6)
	for g.Phase() == game.PhaseNoMoves { // a roll without a play runs no clock
		play(t, g, rng, 1)
	}
	late := g.Decider()
	winner := late.Other()
	if err := g.ClaimTimeout(winner, g.Counter(), t0.Add(24*time.Hour)); err != nil {
		t.Fatal(err)
	}
	if res, _ := g.Result(); !res.Forfeit || !g.Done() || g.Score()[winner] >= opts.Match {
		t.Fatalf("not a forfeit short of the match's length: %+v, score %v", res, g.Score())
	}
	p, text := export(t, g)
	checkRecord(t, g, p, text)
	dump(t, "forfeit", g, text)
	last := p.Games[len(p.Games)-1]
	if last.Winner != int(winner) || last.Score[winner]+last.Points != opts.Match || !strings.HasSuffix(strings.TrimSpace(text), "points and the match") {
		t.Fatalf("the last game: %d wins %d at %v; the match is to %d\n%s", last.Winner, last.Points, last.Score, opts.Match, text)
	}
}

// TestRecordDate: the header's date is the day the match began, though
// its later games began on the next day.
func TestRecordDate(t *testing.T) {
	began := time.Date(2026, 11, 30, 23, 59, 0, 0, time.UTC)
	g, err := game.New(game.Options{Match: 5}, [2]game.Player{game.Human(1, "Ann"), game.Computer(game.Master)}, began)
	if err != nil {
		t.Fatal(err)
	}
	play(t, g, rand.New(rand.NewPCG(3, 7)), 400) // from t0, the next day
	if len(g.Past()) == 0 {
		t.Fatal("the match has no second game to date")
	}
	p, _ := export(t, g)
	if got := p.Header["EventDate"]; got != "2026.11.30" || !Date(g).Equal(began) {
		t.Errorf("EventDate %q, Date %v; want the match's first day, 2026.11.30", got, Date(g))
	}
}
