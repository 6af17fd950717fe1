package cli

import (
	"fmt"
	"io"
	"strings"

	"nardi/ai"
	"nardi/rules"
)

// cubeLine is one input line of nardi cube: a position before the roll
// and the match (and cube) it is played in.
type cubeLine struct {
	pos, match string
	p          rules.Position
	cs         ai.CubeState
}

// parseCubeLine reads "POSID MATCHID": the Position ID from the player on
// roll, gnubg's Match ID with the match length (0 for money), the score,
// the cube and its owner, the Crawford flag and the Jacoby bit.
func parseCubeLine(s string) (cubeLine, error) {
	f := strings.Fields(s)
	if len(f) != 2 {
		return cubeLine{}, fmt.Errorf("want \"POSID MATCHID\", got %q", s)
	}
	p, err := rules.ParsePositionID(f[0])
	if err != nil {
		return cubeLine{}, err
	}
	m, err := rules.ParseMatchID(f[1])
	if err != nil {
		return cubeLine{}, err
	}
	cs, err := cubeStateOf(m)
	if err != nil {
		return cubeLine{}, err
	}
	return cubeLine{pos: f[0], match: f[1], p: p, cs: cs}, nil
}

// cubeStateOf is the cube and match a Match ID gives, from the view of its
// player on roll.
func cubeStateOf(m rules.MatchState) (ai.CubeState, error) {
	on := m.Turn
	cs := ai.CubeState{MatchLength: m.MatchLength, Score: [2]int{m.Score[on], m.Score[1-on]}, Cube: m.Cube,
		Owner: -1, Crawford: m.Crawford, Jacoby: m.MatchLength == 0 && !m.NoJacoby}
	if m.CubeOwner >= 0 {
		cs.Owner = 0
		if m.CubeOwner != on {
			cs.Owner = 1
		}
	}
	if cs.MatchLength > 0 && (cs.Score[0] >= cs.MatchLength || cs.Score[1] >= cs.MatchLength) {
		return ai.CubeState{}, fmt.Errorf("score %v in a match to %d", cs.Score, cs.MatchLength)
	}
	return cs, nil
}

type cubeOut struct {
	Pos    string `json:"pos"`
	Match  string `json:"match"`
	Double bool   `json:"double"`
	Take   bool   `json:"take"`
}

// cmdCube is "nardi cube [--level master] [--rules standard|nardi]": for each
// "POSID MATCHID" line, whether the player on roll should double now and
// whether the opponent should take if doubled now, as a JSON line.
func cmdCube(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags(stderr, "cube", "[--level master] [--rules standard|nardi] < LINES").
		Input(`lines of "POSID MATCHID": a gnubg Position ID from the player on roll before the roll, and gnubg's Match ID (match length, 0 for money; score; cube and its owner; Crawford; Jacoby)`)
	level := fs.String("level", "master", "beginner, club or master")
	rulesName := fs.String("rules", "standard", "rule set: standard or nardi")
	if code, ok := fs.Parse(args, stdout); !ok {
		return code
	}
	player, err := LoadPlayer(*level, *rulesName, rules.WithKoks)
	if err != nil {
		fmt.Fprintln(stderr, "nardi cube:", err)
		return 2
	}
	err = EachLine(stdin, stdout, parseCubeLine, func(l cubeLine) any {
		d := player.Eval.Cube(l.p, l.cs)
		return cubeOut{Pos: l.pos, Match: l.match, Double: d.Double, Take: d.Take}
	})
	if err != nil {
		fmt.Fprintln(stderr, "nardi cube:", err)
		return 1
	}
	return 0
}
