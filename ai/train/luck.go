package train

import (
	"bufio"
	"compress/gzip"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"nardi/ai"
	"nardi/rules"
)

// GameRecord is one game of scripts/play-gnubg.sh --record: our side
// against GNU Backgammon 0-ply, every turn's position and dice.
type GameRecord struct {
	N         int  // the game's number, from 1; games 2k−1 and 2k share their dice
	OursFirst bool // our side made the opening play
	Points    int  // our points: +1 to +3 won, −1 to −3 lost
	Turns     []RecordedTurn
}

// RecordedTurn is a turn of a recorded game: the position with the mover
// on roll, before the roll, and the dice.
type RecordedTurn struct {
	Pos  rules.Position
	Dice rules.Dice
}

// ReadGameRecords reads the lines "N FIRST PTS POSID:D1D2 ..." that
// scripts/play-gnubg.py writes (FIRST is nardi or gnubg; lines starting
// with # are comments).
func ReadGameRecords(r io.Reader) ([]GameRecord, error) {
	var games []GameRecord
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<16), 1<<22)
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		g, err := parseGameRecord(strings.Fields(text))
		if err != nil {
			return nil, fmt.Errorf("game record, line %d: %w", line, err)
		}
		games = append(games, g)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("game records: %w", err)
	}
	return games, nil
}

// ReadGameRecordsFile reads the game records of the file at path,
// gzip-ed when its name ends in .gz.
func ReadGameRecordsFile(path string) ([]GameRecord, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var r io.Reader = f
	if strings.HasSuffix(path, ".gz") {
		zr, err := gzip.NewReader(f)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		r = zr
	}
	games, err := ReadGameRecords(r)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return games, nil
}

// parseGameRecord parses the fields of one record line.
func parseGameRecord(f []string) (GameRecord, error) {
	var g GameRecord
	if len(f) < 4 {
		return g, fmt.Errorf("%d fields, want the game, who moved first, the points and the turns", len(f))
	}
	n, err := strconv.Atoi(f[0])
	if err != nil || n < 1 {
		return g, fmt.Errorf("game number %q", f[0])
	}
	g.N = n
	switch f[1] {
	case "nardi":
		g.OursFirst = true
	case "gnubg":
	default:
		return g, fmt.Errorf("first mover %q, want nardi or gnubg", f[1])
	}
	pts, err := strconv.Atoi(f[2])
	if err != nil || pts == 0 || pts < -3 || pts > 3 {
		return g, fmt.Errorf("points %q, want ±1 to ±3", f[2])
	}
	g.Points = pts
	for _, tok := range f[3:] {
		id, dice, ok := strings.Cut(tok, ":")
		if !ok || len(dice) != 2 || dice[0] < '1' || dice[0] > '6' || dice[1] < '1' || dice[1] > '6' {
			return g, fmt.Errorf("turn %q, want POSID:D1D2", tok)
		}
		p, err := rules.ParsePositionID(id)
		if err != nil {
			return g, fmt.Errorf("turn %q: %w", tok, err)
		}
		g.Turns = append(g.Turns, RecordedTurn{Pos: p, Dice: rules.Dice{int(dice[0] - '0'), int(dice[1] - '0')}})
	}
	return g, nil
}

// LuckAdjusted returns our points in g with the luck of the dice taken
// out: the luck of each of our rolls (ai.Evaluator.Story: what the roll
// gave against the average roll, by ev's best play at 0-ply) subtracted,
// the luck of each of the opponent's added. Whatever ev knows or gets
// wrong, a roll's luck averages zero over the rolls the dice could have
// given, so the adjusted points have the same expectation as the points
// and, the better ev judges, much less spread. The opening roll is left
// in (it is drawn from the non-doubles only, and a duplicate pair plays it
// from both seats).
func LuckAdjusted(ev *ai.Evaluator, g GameRecord) float64 {
	adj := float64(g.Points)
	ours := g.OursFirst
	for i, t := range g.Turns {
		if i > 0 {
			luck := ev.Story(t.Pos, t.Dice).Luck
			if ours {
				adj -= luck
			} else {
				adj += luck
			}
		}
		ours = !ours
	}
	return adj
}
