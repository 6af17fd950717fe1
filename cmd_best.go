package main

import (
	"errors"
	"flag"
	"fmt"
	"io"

	"nardi/ai"
	"nardi/ai/train"
	"nardi/rules"
)

type bestOut struct {
	Pos    string     `json:"pos"`
	Dice   rules.Dice `json:"dice"`
	Move   string     `json:"move"`
	Result string     `json:"result"`
}

// loadPlayer builds the computer player for the flags' level and rules.
func loadPlayer(levelName, rulesName string, scoring rules.Scoring) (*ai.Player, error) {
	level, err := ai.ParseLevel(levelName)
	if err != nil {
		return nil, err
	}
	ev, err := shippedEvaluator(rulesName, scoring)
	if err != nil {
		return nil, err
	}
	return &ai.Player{Eval: ev, Level: level}, nil
}

// shippedEvaluator is the shipped network's evaluator for the flags' rules.
func shippedEvaluator(rulesName string, scoring rules.Scoring) (*ai.Evaluator, error) {
	rs, err := rules.ParseRuleSet(rulesName)
	if err != nil {
		return nil, err
	}
	net, err := ai.ShippedNet()
	if err != nil {
		return nil, err
	}
	return ai.NewEvaluator(net, rs, scoring), nil
}

// cmdBest is "nardi best --level beginner|club|master|grandmaster [--rules
// nardi|standard] [--match MATCHID] [--exact] [--tune SPEC]": with a
// Match ID the plays are chosen for its match score and cube (a mars
// weighs what it weighs there); --exact drops the level's time limit
// (ai.Player.Exact); --tune searches otherwise than the level, for
// measurement (ai.Player.Tune).
func cmdBest(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("best", flag.ContinueOnError)
	fs.SetOutput(stderr)
	level := fs.String("level", "master", "beginner, club, master or grandmaster")
	rulesName := ruleSetFlag(fs)
	koks := fs.Bool("koks", true, "count a koks as 3 points when choosing (backgammon scoring)")
	matchID := fs.String("match", "", "gnubg Match ID: play for its match score and cube")
	exact := fs.Bool("exact", false, "no time limit: the same choices on a slow or busy machine")
	tune := fs.String("tune", "", "master and grandmaster: search otherwise, for measurement, e.g. share=1,trials=288 (names as nardi teach differ --b-tune)")
	variantName := variantFlag(fs)
	if err := fs.Parse(args); err != nil {
		return 2
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
	player, err := loadPlayer(*level, *rulesName, scoring)
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
	parse := func(line string) (rollLine, error) { return parseRollLineFor(v, line) }
	err := eachLine(stdin, stdout, parse, func(l rollLine) any {
		out := bestOut{Pos: l.id, Dice: l.dice, Result: l.id}
		if play, result, ok := ch.Choose(l.pos, l.dice, l.first, 1); ok {
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

// cmdSelfplay is "nardi selfplay --games N --a master --b club
// [--variant long] [--duplicate] [--luck]"; in long nardi a player may
// also be "heuristic" or "random", the baselines the levels are measured
// against; --luck also gives the points with the dice's luck taken out.
func cmdSelfplay(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("selfplay", flag.ContinueOnError)
	fs.SetOutput(stderr)
	games := fs.Int("games", 1000, "games to play")
	a := fs.String("a", "master", "level of player A")
	b := fs.String("b", "club", "level of player B")
	rulesName := ruleSetFlag(fs)
	variant := fs.String("variant", "short", "short or long nardi")
	seed := fs.Uint64("seed", 1, "seed of the dice")
	workers := fs.Int("workers", 2, "games played at once")
	netA := fs.String("net-a", "", "long nardi: player A's network file (default: the shipped one)")
	netB := fs.String("net-b", "", "long nardi: player B's network file (default: the shipped one)")
	duplicate := fs.Bool("duplicate", false, "deal each game's dice twice, A in one seat and then in the other (a surer result)")
	luck := fs.Bool("luck", false, "also give the points with the luck of the dice taken out, judged by the shipped network (a much surer result)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	v, err := rules.ParseVariant(*variant)
	if err != nil {
		fmt.Fprintln(stderr, "nardi selfplay:", err)
		return 2
	}
	load := func(name, netPath string) (ai.Chooser, error) {
		if v != rules.Long {
			if netPath != "" {
				return nil, errors.New("--net-a and --net-b are for long nardi")
			}
			return loadPlayer(name, *rulesName, rules.OinMars)
		}
		switch name {
		case "heuristic":
			return ai.LongHeuristic{}, nil
		case "random":
			return ai.LongRandom{}, nil
		}
		level, err := ai.ParseLevel(name)
		if err != nil || netPath == "" {
			return ai.LongPlayer{Level: level}, err
		}
		net, err := train.ReadNet(netPath)
		if err == nil && net.Inputs != ai.LongInputs {
			err = fmt.Errorf("%s has %d inputs: not a long nardi network", netPath, net.Inputs)
		}
		return ai.LongPlayer{Level: level, Net: net}, err
	}
	pa, err := load(*a, *netA)
	if err == nil {
		var pb ai.Chooser
		pb, err = load(*b, *netB)
		if err == nil {
			play := ai.SelfPlay
			if *duplicate {
				play = ai.SelfPlayDuplicate
			}
			var judge ai.LuckJudge
			if *luck {
				judge, err = luckJudge(v, *rulesName)
			}
			if err == nil {
				r := play(v, rules.OinMars, pa, pb, *games, *seed, *workers, judge)
				kind := v.Name()
				if v != rules.Long {
					kind += ", " + *rulesName + " rules" // long nardi has one rule set
				}
				fmt.Fprintf(stdout, "%s vs %s, %d games (%s): A wins %d (%.1f%%), points per game for A %+.3f, 95%% CI [%+.3f, %+.3f]",
					*a, *b, r.Games, kind, r.WinsA, 100*float64(r.WinsA)/float64(max(1, r.Games)), r.Mean, r.Low, r.Hi)
				if r.Judged {
					fmt.Fprintf(stdout, "; luck taken out %+.3f, 95%% CI [%+.3f, %+.3f]", r.AdjMean, r.AdjLow, r.AdjHi)
				}
				fmt.Fprintln(stdout)
				return 0
			}
		}
	}
	fmt.Fprintln(stderr, "nardi selfplay:", err)
	return 2
}

// luckJudge is the judge of the dice's luck for nardi selfplay --luck:
// the shipped network of the variant, as a review tells a roll's luck.
func luckJudge(v rules.Variant, rulesName string) (ai.LuckJudge, error) {
	if v == rules.Long {
		net, err := ai.ShippedLongNet()
		if err != nil {
			return nil, err
		}
		ev := ai.NewLongEvaluator(net)
		return func(p rules.Position, d rules.Dice, first bool) float64 { return ev.Story(p, d, first).Luck }, nil
	}
	ev, err := shippedEvaluator(rulesName, rules.OinMars)
	if err != nil {
		return nil, err
	}
	return func(p rules.Position, d rules.Dice, _ bool) float64 { return ev.Story(p, d).Luck }, nil
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
