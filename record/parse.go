package record

import (
	"bufio"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"

	"nardi/rules"
)

// Parsed is a .mat record as Parse reads it.
type Parsed struct {
	// Names are the players, seat 0 (the left column) first.
	Names [2]string
	// Match is the match length; 0 for a single game.
	Match int
	// Header holds the comment lines' "[Key "value"]" pairs.
	Header map[string]string
	Games  []ParsedGame
}

// ParsedGame is one game of a record.
type ParsedGame struct {
	Score   [2]int
	Actions []Action
	// Winner and Points are the "Wins" line's, with Winner -1 when there
	// is none.
	Winner, Points int
}

// Action is one entry of a player's column: a roll with its steps (Dice
// set), or a cube action (Cube is "double", "take" or "drop").
type Action struct {
	Seat  int
	Dice  rules.Dice
	Steps []rules.Step
	Cube  string
	Value int // the cube's new value, for a double
}

var (
	headerLine = regexp.MustCompile(`^;\s*\[(.+?) "(.*)"\]\s*$`)
	matchLine  = regexp.MustCompile(`^\s*(\d+) point match\s*$`)
	gameLine   = regexp.MustCompile(`^\s*Game (\d+)\s*$`)
	scoreLine  = regexp.MustCompile(`^\s*(\S+) : (\d+)\s+(\S+) : (\d+)\s*$`)
	moveLine   = regexp.MustCompile(`^\s*\d+\) (.*)$`)
	winsLine   = regexp.MustCompile(`^(\s*)Wins (\d+) points?`)
)

// rightColumn is where the right column begins in a move line.
const rightColumn = 5 + column

// Parse reads a record written by Write.
func Parse(r io.Reader) (*Parsed, error) {
	p := &Parsed{Header: map[string]string{}, Match: -1}
	sc := bufio.NewScanner(r)
	n := 0
	var cur *ParsedGame
	for sc.Scan() {
		n++
		line := sc.Text()
		if strings.TrimSpace(line) == "" {
			continue
		}
		if m := headerLine.FindStringSubmatch(line); m != nil && p.Match < 0 {
			p.Header[m[1]] = m[2]
			continue
		}
		if m := matchLine.FindStringSubmatch(line); m != nil && p.Match < 0 {
			p.Match, _ = strconv.Atoi(m[1])
			continue
		}
		if gameLine.MatchString(line) {
			p.Games = append(p.Games, ParsedGame{Winner: -1})
			cur = &p.Games[len(p.Games)-1]
			continue
		}
		if cur == nil {
			return nil, fmt.Errorf("record line %d: %q before the first game", n, line)
		}
		if m := scoreLine.FindStringSubmatch(line); m != nil && len(cur.Actions) == 0 && cur.Winner < 0 {
			p.Names = [2]string{m[1], m[3]}
			cur.Score[0], _ = strconv.Atoi(m[2])
			cur.Score[1], _ = strconv.Atoi(m[4])
			continue
		}
		if m := winsLine.FindStringSubmatch(line); m != nil {
			cur.Winner = 0
			if len(m[1]) >= rightColumn {
				cur.Winner = 1
			}
			cur.Points, _ = strconv.Atoi(m[2])
			continue
		}
		m := moveLine.FindStringSubmatch(line)
		if m == nil {
			return nil, fmt.Errorf("record line %d: %q", n, line)
		}
		acts, err := parseColumns(line, m[1])
		if err != nil {
			return nil, fmt.Errorf("record line %d: %w", n, err)
		}
		cur.Actions = append(cur.Actions, acts...)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("read record: %w", err)
	}
	if p.Match < 0 {
		return nil, fmt.Errorf("record: no match length")
	}
	return p, nil
}

// parseColumns reads a move line's actions: rest is the line after the
// number; an action that begins at the right column is seat 1's.
func parseColumns(line, rest string) ([]Action, error) {
	fields := strings.Fields(rest)
	start := len(line) - len(strings.TrimLeft(rest, " "))
	seat := 0
	if start >= rightColumn-1 {
		seat = 1
	}
	var out []Action
	for i := 0; i < len(fields); {
		a := Action{Seat: seat}
		f := fields[i]
		switch {
		case f == "Doubles":
			if i+2 >= len(fields) || fields[i+1] != "=>" {
				return nil, fmt.Errorf("a double without its value")
			}
			v, err := strconv.Atoi(fields[i+2])
			if err != nil {
				return nil, fmt.Errorf("cube value %q", fields[i+2])
			}
			a.Cube, a.Value = "double", v
			i += 3
		case f == "Takes":
			a.Cube = "take"
			i++
		case f == "Drops":
			a.Cube = "drop"
			i++
		case len(f) == 3 && f[2] == ':' && f[0] >= '1' && f[0] <= '6' && f[1] >= '1' && f[1] <= '6':
			a.Dice = rules.Dice{int(f[0] - '0'), int(f[1] - '0')}
			i++
			for i < len(fields) && strings.Contains(fields[i], "/") {
				s, err := parseMatStep(fields[i])
				if err != nil {
					return nil, err
				}
				a.Steps = append(a.Steps, s)
				i++
			}
		default:
			return nil, fmt.Errorf("unknown entry %q", f)
		}
		out = append(out, a)
		seat = 1
	}
	return out, nil
}

// parseMatStep reads "13/7*", "25/20", "3/0".
func parseMatStep(f string) (rules.Step, error) {
	hit := strings.HasSuffix(f, "*")
	from, to, _ := strings.Cut(strings.TrimSuffix(f, "*"), "/")
	a, err1 := strconv.Atoi(from)
	b, err2 := strconv.Atoi(to)
	if err1 != nil || err2 != nil || a < 1 || a > rules.Bar || b < 0 || b >= a {
		return rules.Step{}, fmt.Errorf("step %q", f)
	}
	return rules.Step{From: int8(a), To: int8(b), Hit: hit}, nil
}

// Replay plays a parsed game's rolls from the start under a rule set, each
// play checked legal, and returns the final board from seat 0's view.
func Replay(pg ParsedGame, v rules.Variant, rs rules.RuleSet) (rules.Position, error) {
	pos := v.Start()   // seat 0's view
	var played [2]bool // each seat's first turn
	for i, a := range pg.Actions {
		if a.Cube != "" {
			continue
		}
		mover := pos
		if a.Seat == 1 {
			mover = pos.Swap()
		}
		t := v.NewTurn(mover, a.Dice, rs, !played[a.Seat])
		played[a.Seat] = true
		if len(a.Steps) == 0 {
			if t.Length() > 0 {
				return pos, fmt.Errorf("action %d (seat %d, %v): no play where one is possible", i+1, a.Seat, a.Dice)
			}
			continue
		}
		play, err := t.Play(a.Steps)
		if err != nil {
			return pos, fmt.Errorf("action %d (seat %d, %v %v): %w", i+1, a.Seat, a.Dice, a.Steps, err)
		}
		after := t.PositionAfter(play.Steps[:play.N])
		if a.Seat == 1 {
			after = after.Swap()
		}
		pos = after
	}
	return pos, nil
}
