package cli

import (
	"fmt"
	"io"

	"nardi/rules"
)

type movesPlay struct {
	Move   string `json:"move"`
	Result string `json:"result"`
}

type movesOut struct {
	Pos   string      `json:"pos"`
	Dice  rules.Dice  `json:"dice"`
	Plays []movesPlay `json:"plays"`
}

// cmdMoves is "nardi moves [--rules nardi|standard]": the legal plays of
// each "POSID D1 D2" line, as a JSON line.
func cmdMoves(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags(stderr, "moves", "[--rules nardi|standard] [--variant short|long] < LINES").Input(RollLineInput)
	rulesName := RuleSetFlag(fs)
	variantName := VariantFlag(fs)
	if code, ok := fs.Parse(args, stdout); !ok {
		return code
	}
	rs, err := rules.ParseRuleSet(*rulesName)
	if err != nil {
		fmt.Fprintln(stderr, "nardi moves:", err)
		return 2
	}
	v, err := rules.ParseVariant(*variantName)
	if err != nil {
		fmt.Fprintln(stderr, "nardi moves:", err)
		return 2
	}
	var g rules.Generator
	parse := func(line string) (RollLine, error) { return ParseRollLineFor(v, line) }
	err = EachLine(stdin, stdout, parse, func(l RollLine) any {
		plays, results := g.Plays(l.Pos, l.Dice, rs)
		if v != rules.Short {
			t := v.NewTurn(l.Pos, l.Dice, rs, l.First)
			plays, results = t.Plays(), t.Results()
		}
		out := movesOut{Pos: l.ID, Dice: l.Dice, Plays: make([]movesPlay, len(plays))}
		for i, pl := range plays {
			out.Plays[i] = movesPlay{Move: pl.String(), Result: results[i].PositionID()}
		}
		return out
	})
	if err != nil {
		fmt.Fprintln(stderr, "nardi moves:", err)
		return 1
	}
	return 0
}
