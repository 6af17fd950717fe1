// Package record writes a game or a match as a Jellyfish .mat record, the
// text format GNU Backgammon imports (import mat FILE), and reads such a
// record back (see Parse), so that an export can be replayed and checked.
//
// A record holds the players' names (seat 0 in the left column), the
// match length (0 for a single game), and for each game the score before
// it, every roll with its play in gnubg's notation (the bar is 25, off is
// 0, each step as made), the cube actions and the result. Header comment
// lines before the first game name each game's id, the commitment to its
// dice seed and, once the game is over or closed, the seed itself (see
// game.FairThrow), so that anyone can check every roll; gnubg reads any
// comment line after them as a move, so there are none further down.
package record

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"nardi/game"
	"nardi/rules"
)

// column is the width of a player's column in a move line.
const column = 28

// Write writes the game (in a match, every game of it so far) as a .mat
// record: names are the players' names as shown (the computer's given by
// computerName), and the header's date is the game's (see Date), whenever
// the record is made. Long nardi, which gnubg does not play, has none: an
// error.
func Write(w io.Writer, g *game.Game, computerName string) error {
	if g.Options().Game() == rules.Long {
		return fmt.Errorf("record: long nardi has no .mat record (gnubg plays the short game only)")
	}
	var b strings.Builder
	names := [2]string{}
	for s := game.Seat(0); s <= 1; s++ {
		p := g.Player(s)
		names[s] = p.Name
		if p.IsComputer() {
			names[s] = computerName
		}
		names[s] = matName(names[s], s)
	}
	games := Games(g)
	fmt.Fprintf(&b, "; [Site \"nardi, a Telegram bot\"]\n")
	fmt.Fprintf(&b, "; [Player 1 \"%s\"]\n; [Player 2 \"%s\"]\n", names[0], names[1])
	if at := Date(g); !at.IsZero() {
		fmt.Fprintf(&b, "; [EventDate \"%s\"]\n", at.UTC().Format("2006.01.02"))
	}
	fmt.Fprintf(&b, "; [Rules \"%s\"]\n", g.Options().Rules)
	for i, gm := range games {
		n := i + 1
		fmt.Fprintf(&b, "; [Game %d Id \"%s\"]\n", n, gm.ID)
		fmt.Fprintf(&b, "; [Game %d Dice Commitment \"%s\"]\n", n, gm.Commitment)
		if gm.Seed != "" {
			fmt.Fprintf(&b, "; [Game %d Dice Seed \"%s\"]\n", n, gm.Seed)
		}
		if !gm.Verifiable {
			fmt.Fprintf(&b, "; [Game %d Dice \"not from the seed\"]\n", n)
		}
	}
	fmt.Fprintf(&b, "\n %d point match\n", g.Options().Match)
	for i, gm := range games {
		fmt.Fprintf(&b, "\n Game %d\n", i+1)
		left := fmt.Sprintf(" %s : %d", names[0], gm.Score[0])
		fmt.Fprintf(&b, "%-33s%s : %d\n", left, names[1], gm.Score[1])
		writeMoves(&b, gm, g.Options().Match)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// Date is the day a record gives for a game: when its match began (its
// first game's start), or the game alone; zero when the game does not say.
func Date(g *game.Game) time.Time {
	if past := g.Past(); len(past) > 0 {
		return past[0].Started
	}
	return g.Started()
}

// matName makes a name one word, as the format wants: spaces become
// underscores, colons go; an empty name becomes Player1 or Player2.
func matName(s string, seat game.Seat) string {
	s = strings.Join(strings.Fields(strings.ReplaceAll(strings.ReplaceAll(s, ":", " "), "\"", " ")), "_")
	if s == "" {
		s = "Player" + strconv.Itoa(int(seat)+1)
	}
	return s
}

// Game is one game of a record, as the game package keeps it.
type Game struct {
	ID, Commitment, Seed string // Seed is "" while the game may go on
	Verifiable           bool
	Score                [2]int // before the game
	// Opening is the opening throw as thrown: seat 0's die, seat 1's.
	Opening [2]int
	History []game.TurnRecord
	Cubes   []game.CubeAction
	Result  *game.Result // nil while the game goes on
}

// Games lists the games of a match (or the one game), oldest first; the
// next game of a match is left out until a turn of it has been played.
func Games(g *game.Game) []Game {
	var out []Game
	for _, p := range g.Past() {
		r := p.Result
		seed, _ := hexSeed(p.DiceSeed)
		out = append(out, Game{ID: p.DiceID, Commitment: game.Commitment(seed), Seed: p.DiceSeed, Verifiable: p.Verifiable,
			Score: p.Match.Score, Opening: p.Opening, History: p.History, Cubes: p.Cubes, Result: &r})
	}
	cur := Game{ID: g.DiceID(), Commitment: g.DiceCommitment(), Verifiable: g.Verifiable(), Score: g.Match().Score,
		Opening: g.Opening(), History: g.History(), Cubes: g.Cubes()}
	if res, over := g.Result(); over {
		cur.Result = &res
	}
	cur.Seed, _ = g.DiceSeed() // once over, or closed without a result
	if len(out) > 0 && len(cur.History) == 0 && len(cur.Cubes) == 0 && cur.Result == nil {
		// The next game of a match, not played yet: nothing to record.
		return out
	}
	return append(out, cur)
}

// action is one entry of a player's column.
type action struct {
	seat game.Seat
	text string
}

// writeMoves writes a game's move lines and its result; match is the
// match's length (0 for a single game).
func writeMoves(b *strings.Builder, gm Game, match int) {
	var acts []action
	cube := 0
	addCubes := func(before int) {
		for cube < len(gm.Cubes) && gm.Cubes[cube].Before == before {
			c := gm.Cubes[cube]
			switch c.Kind {
			case game.CubeDouble:
				acts = append(acts, action{c.Seat, " Doubles => " + strconv.Itoa(c.Value)})
			case game.CubeTake:
				acts = append(acts, action{c.Seat, " Takes"})
			case game.CubeDrop:
				acts = append(acts, action{c.Seat, " Drops"})
			}
			cube++
		}
	}
	for i, t := range gm.History {
		addCubes(i)
		if i == 0 && gm.Opening[0] != 0 {
			// The opening throw as thrown, seat 0's die first, so that
			// it reads as the seed gives it.
			t.Dice = rules.Dice(gm.Opening)
		}
		acts = append(acts, action{t.Seat, turnText(t)})
	}
	addCubes(len(gm.History))
	line := 0
	for i := 0; i < len(acts); {
		line++
		fmt.Fprintf(b, "%3d) ", line)
		var l, r string
		if acts[i].seat == 0 {
			l = acts[i].text
			i++
		}
		if i < len(acts) && acts[i].seat == 1 {
			r = acts[i].text
			i++
		}
		if r == "" {
			b.WriteString(strings.TrimRight(l, " ") + "\n")
			continue
		}
		// At least one space between the columns: gnubg cuts the left one
		// three characters before the right one's colon.
		fmt.Fprintf(b, "%-*s %s\n", column-1, l, r)
	}
	if gm.Result == nil || gm.Result.Reason == game.ReasonDrop {
		// A drop ends the game by itself: after one, gnubg would take a
		// "Wins" line for the next game's resignation.
		return
	}
	pts := wonPoints(gm, match)
	unit := "points"
	if pts == 1 {
		unit = "point"
	}
	indent := 6
	if gm.Result.Winner == 1 {
		indent += column
	}
	end := ""
	if match > 0 && gm.Score[gm.Result.Winner]+pts >= match {
		end = " and the match" // as gnubg writes the match's last game
	}
	fmt.Fprintf(b, "%sWins %d %s%s\n", strings.Repeat(" ", indent), pts, unit, end)
}

// wonPoints is what a game's "Wins" line gives its winner: its points,
// but in a match lost on time (game.Result.Forfeit) at least what the
// winner needed for the match, as GNU Backgammon records a match won by
// forfeit, so that the record reads as the finished match it is.
func wonPoints(gm Game, match int) int {
	pts := gm.Result.Points
	if gm.Result.Forfeit && match > 0 {
		pts = max(pts, match-gm.Score[gm.Result.Winner])
	}
	return pts
}

// turnText writes a turn: "63: 24/18 18/15", or "66:" for a roll that
// could not be played.
func turnText(t game.TurnRecord) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d%d:", t.Dice[0], t.Dice[1])
	for _, s := range t.Steps {
		b.WriteString(" " + stepText(s))
	}
	return b.String()
}

// stepText writes a step as gnubg does: the bar is 25, off is 0.
func stepText(s rules.Step) string {
	t := strconv.Itoa(int(s.From)) + "/" + strconv.Itoa(int(s.To))
	if s.Hit {
		t += "*"
	}
	return t
}

// ComputerName is how a record names the computer of a game:
// "Computer-master".
func ComputerName(g *game.Game) string {
	if c := g.ComputerSeat(); c != game.NoSeat {
		return "Computer-" + string(g.Player(c).Level)
	}
	return "Computer"
}

// IDs returns the gnubg Position ID and Match ID of the game as it
// stands: the position at the start of the current turn from the side
// whose turn it is, with the dice if rolled, the cube, the match score
// and the Crawford flag.
func IDs(g *game.Game) (posID, matchID string) {
	turn := g.Turn()
	ms := rules.MatchState{Cube: g.Cube().Value, CubeOwner: int(g.Cube().Owner), DiceOwner: int(turn),
		Crawford: g.Crawford(), State: rules.GamePlaying, Turn: int(g.Decider()), Doubled: g.Phase() == game.PhaseDoubled,
		MatchLength: g.Options().Match, Score: g.Match().Score, NoJacoby: !g.Options().Jacoby}
	switch g.Phase() {
	case game.PhaseMoving, game.PhaseComplete, game.PhaseNoMoves:
		ms.Dice = [2]int(g.Dice())
	case game.PhaseOver:
		ms.State = rules.GameOver
		if res, _ := g.Result(); res.Reason == game.ReasonDrop {
			ms.State = rules.GameDropped
		} else if res.Reason == game.ReasonResign || res.Reason == game.ReasonTimeout {
			ms.State = rules.GameResigned
		}
	}
	return g.TurnStart().PositionID(), ms.MatchID()
}
