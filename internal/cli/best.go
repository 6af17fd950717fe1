package cli

import (
	"fmt"
	"io"

	"nardi/ai"
	"nardi/rules"
)

type bestOut struct {
	Pos    string     `json:"pos"`
	Dice   rules.Dice `json:"dice"`
	Move   string     `json:"move"`
	Result string     `json:"result"`
}

// cmdBest is "nardi best --level beginner|club|master|grandmaster [--rules
// nardi|standard] [--match MATCHID] [--exact] [--tune SPEC]": with a
// Match ID the plays are chosen for its match score and cube (a mars
// weighs what it weighs there); --exact drops the level's time limit
// (ai.Player.Exact); --tune searches otherwise than the level, for
// measurement (ai.Player.Tune).
func cmdBest(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags(stderr, "best", "[--level beginner|club|master|grandmaster] [--rules nardi|standard] [--variant short|long] [--match MATCHID] [--exact] [--tune SPEC] < LINES").Input(RollLineInput)
	level := fs.String("level", "master", "beginner, club, master or grandmaster")
	rulesName := RuleSetFlag(fs)
	koks := fs.Bool("koks", true, "count a koks as 3 points when choosing (backgammon scoring)")
	matchID := fs.String("match", "", "gnubg Match ID: play for its match score and cube")
	exact := fs.Bool("exact", false, "no time limit: the same choices on a slow or busy machine")
	tune := fs.String("tune", "", "master and grandmaster: search otherwise, for measurement, e.g. share=1,trials=288 (names as nardi-lab teach differ --b-tune)")
	variantName := VariantFlag(fs)
	if code, ok := fs.Parse(args, stdout); !ok {
		return code
	}
	v, err := rules.ParseVariant(*variantName)
	if err != nil {
		fmt.Fprintln(stderr, "nardi best:", err)
		return 2
	}
	if v == rules.Long {
		return bestLong(*level, stdin, stdout, stderr)
	}
	scoring := rules.OinMars
	if *koks {
		scoring = rules.WithKoks
	}
	player, err := LoadPlayer(*level, *rulesName, scoring)
	if err != nil {
		fmt.Fprintln(stderr, "nardi best:", err)
		return 2
	}
	if *matchID != "" {
		m, err := rules.ParseMatchID(*matchID)
		if err != nil {
			fmt.Fprintln(stderr, "nardi best: --match:", err)
			return 2
		}
		cs, err := cubeStateOf(m)
		if err != nil {
			fmt.Fprintln(stderr, "nardi best: --match:", err)
			return 2
		}
		player = &ai.Player{Eval: player.Eval.ForCube(cs), Level: player.Level}
	}
	player.Exact = *exact
	if *tune != "" {
		if err := player.Tune(*tune); err != nil {
			fmt.Fprintln(stderr, "nardi best: --tune:", err)
			return 2
		}
	}
	return writeBest(rules.Short, player, stdin, stdout, stderr)
}

// writeBest answers each "POSID D1 D2 [first]" line of the variant with
// the chooser's play as a JSON line.
func writeBest(v rules.Variant, ch ai.Chooser, stdin io.Reader, stdout, stderr io.Writer) int {
	parse := func(line string) (RollLine, error) { return ParseRollLineFor(v, line) }
	err := EachLine(stdin, stdout, parse, func(l RollLine) any {
		out := bestOut{Pos: l.ID, Dice: l.Dice, Result: l.ID}
		if play, result, ok := ch.Choose(l.Pos, l.Dice, l.First, 1); ok {
			out.Move, out.Result = play.String(), result.PositionID()
		}
		return out
	})
	if err != nil {
		fmt.Fprintln(stderr, "nardi best:", err)
		return 1
	}
	return 0
}

// bestLong is nardi best for long nardi: "POSID D1 D2 [first]" lines.
func bestLong(levelName string, stdin io.Reader, stdout, stderr io.Writer) int {
	level, err := ai.ParseLevel(levelName)
	if err != nil {
		fmt.Fprintln(stderr, "nardi best:", err)
		return 2
	}
	return writeBest(rules.Long, ai.LongPlayer{Level: level}, stdin, stdout, stderr)
}
