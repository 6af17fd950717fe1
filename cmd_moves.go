package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"

	"nardi/rules"
)

// rollLine is one input line of the batch commands: "POSID D1 D2", and
// for long nardi a fourth word "first" on the mover's first turn.
type rollLine struct {
	id    string
	pos   rules.Position
	dice  rules.Dice
	first bool
}

// parseRollLine reads "POSID D1 D2" for short nardi.
func parseRollLine(line string) (rollLine, error) { return parseRollLineFor(rules.Short, line) }

// parseRollLineFor reads "POSID D1 D2 [first]" for a variant (the fourth
// word only for long nardi).
func parseRollLineFor(v rules.Variant, line string) (rollLine, error) {
	f := strings.Fields(line)
	first := false
	if v == rules.Long && len(f) == 4 && f[3] == "first" {
		first, f = true, f[:3]
	}
	if len(f) != 3 {
		return rollLine{}, fmt.Errorf("want \"POSID D1 D2\", got %q", line)
	}
	pos, err := rules.ParsePositionIDFor(v, f[0])
	if err != nil {
		return rollLine{}, err
	}
	var d rules.Dice
	for i := range d {
		n, err := strconv.Atoi(f[1+i])
		if err != nil || n < 1 || n > 6 {
			return rollLine{}, fmt.Errorf("die %q is not 1..6", f[1+i])
		}
		d[i] = n
	}
	return rollLine{id: f[0], pos: pos, dice: d, first: first}, nil
}

// variantFlag adds --variant to a flag set.
func variantFlag(fs *flag.FlagSet) *string {
	return fs.String("variant", "short", "the game: short or long")
}

// eachLine reads stdin line by line with parse and writes what fn makes of
// each line as a JSON line, or {"error": ...} for a line parse refuses, and
// goes on.
func eachLine[T any](stdin io.Reader, stdout io.Writer, parse func(string) (T, error), fn func(T) any) error {
	sc := bufio.NewScanner(stdin)
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	w := bufio.NewWriter(stdout)
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	for sc.Scan() {
		var out any
		if l, err := parse(sc.Text()); err != nil {
			out = struct {
				Error string `json:"error"`
			}{err.Error()}
		} else {
			out = fn(l)
		}
		if err := enc.Encode(out); err != nil {
			return fmt.Errorf("write output: %w", err)
		}
		if err := w.Flush(); err != nil {
			return fmt.Errorf("write output: %w", err)
		}
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("read input: %w", err)
	}
	return nil
}

// ruleSetFlag adds --rules to a flag set.
func ruleSetFlag(fs *flag.FlagSet) *string {
	return fs.String("rules", "nardi", "rule set: nardi or standard")
}

type movesPlay struct {
	Move   string `json:"move"`
	Result string `json:"result"`
}

type movesOut struct {
	Pos   string      `json:"pos"`
	Dice  rules.Dice  `json:"dice"`
	Plays []movesPlay `json:"plays"`
}

// cmdMoves is "nardi moves [--rules nardi|standard]".
func cmdMoves(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("moves", flag.ContinueOnError)
	fs.SetOutput(stderr)
	rulesName := ruleSetFlag(fs)
	variantName := variantFlag(fs)
	if err := fs.Parse(args); err != nil {
		return 2
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
	parse := func(line string) (rollLine, error) { return parseRollLineFor(v, line) }
	err = eachLine(stdin, stdout, parse, func(l rollLine) any {
		plays, results := g.Plays(l.pos, l.dice, rs)
		if v != rules.Short {
			t := v.NewTurn(l.pos, l.dice, rs, l.first)
			plays, results = t.Plays(), t.Results()
		}
		out := movesOut{Pos: l.id, Dice: l.dice, Plays: make([]movesPlay, len(plays))}
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

// cmdShow is "nardi show POSID".
func cmdShow(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) != 1 {
		fmt.Fprintln(stderr, "usage: nardi show POSID")
		return 2
	}
	p, err := rules.ParsePositionID(args[0])
	if err != nil {
		fmt.Fprintln(stderr, "nardi show:", err)
		return 2
	}
	fmt.Fprint(stdout, p)
	return 0
}
