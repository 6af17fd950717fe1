package cli

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"

	"nardi/rules"
)

// RollLine is one input line of the batch commands: "POSID D1 D2", and
// for long nardi a fourth word "first" on the mover's first turn.
type RollLine struct {
	ID    string // the Position ID as written
	Pos   rules.Position
	Dice  rules.Dice
	First bool // long nardi: the mover's first turn
}

// RollLineInput describes RollLine's format for the commands' help.
const RollLineInput = `lines of "POSID D1 D2": a gnubg Position ID from the player on roll and the two dice (long nardi: "POSID D1 D2 first" on the mover's first turn)`

// ParseRollLine reads "POSID D1 D2" for short nardi.
func ParseRollLine(line string) (RollLine, error) { return ParseRollLineFor(rules.Short, line) }

// ParseRollLineFor reads "POSID D1 D2 [first]" for a variant (the fourth
// word only for long nardi).
func ParseRollLineFor(v rules.Variant, line string) (RollLine, error) {
	f := strings.Fields(line)
	first := false
	if v == rules.Long && len(f) == 4 && f[3] == "first" {
		first, f = true, f[:3]
	}
	if len(f) != 3 {
		return RollLine{}, fmt.Errorf("want \"POSID D1 D2\", got %q", line)
	}
	pos, err := rules.ParsePositionIDFor(v, f[0])
	if err != nil {
		return RollLine{}, err
	}
	var d rules.Dice
	for i := range d {
		n, err := strconv.Atoi(f[1+i])
		if err != nil || n < 1 || n > 6 {
			return RollLine{}, fmt.Errorf("die %q is not 1..6", f[1+i])
		}
		d[i] = n
	}
	return RollLine{ID: f[0], Pos: pos, Dice: d, First: first}, nil
}

// VariantFlag adds --variant to a flag set.
func VariantFlag(fs *Flags) *string {
	return fs.String("variant", "short", "the game: short or long")
}

// EachLine reads stdin line by line with parse and writes what fn makes of
// each line as a JSON line, or {"error": ...} for a line parse refuses, and
// goes on.
func EachLine[T any](stdin io.Reader, stdout io.Writer, parse func(string) (T, error), fn func(T) any) error {
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

// RuleSetFlag adds --rules to a flag set.
func RuleSetFlag(fs *Flags) *string {
	return fs.String("rules", "nardi", "rule set: nardi or standard")
}
