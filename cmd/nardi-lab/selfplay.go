package main

import (
	"errors"
	"fmt"
	"io"

	"nardi/ai"
	"nardi/ai/train"
	"nardi/internal/cli"
	"nardi/rules"
)

// cmdSelfplay is "nardi-lab selfplay --games N --a master --b club
// [--variant long] [--duplicate] [--luck]"; in long nardi a player may
// also be "heuristic" or "random", the baselines the levels are measured
// against; --luck also gives the points with the dice's luck taken out.
func cmdSelfplay(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags(stderr, "selfplay", "--games N [--a master] [--b club] [--variant short|long] [--rules nardi|standard] [--duplicate] [--luck]")
	games := fs.Int("games", 0, "games to play (required), such as 1000")
	a := fs.String("a", "master", "level of player A")
	b := fs.String("b", "club", "level of player B")
	rulesName := cli.RuleSetFlag(fs)
	variant := fs.String("variant", "short", "short or long nardi")
	seed := fs.Uint64("seed", 1, "seed of the dice")
	workers := fs.Int("workers", 2, "games played at once")
	netA := fs.String("net-a", "", "long nardi: player A's network file (default: the shipped one)")
	netB := fs.String("net-b", "", "long nardi: player B's network file (default: the shipped one)")
	duplicate := fs.Bool("duplicate", false, "deal each game's dice twice, A in one seat and then in the other (a surer result)")
	luck := fs.Bool("luck", false, "also give the points with the luck of the dice taken out, judged by the shipped network (a much surer result)")
	if code, ok := fs.Parse(args, stdout); !ok {
		return code
	}
	if *games <= 0 {
		return fs.Fail("--games N is needed, N above 0")
	}
	v, err := rules.ParseVariant(*variant)
	if err != nil {
		fmt.Fprintln(stderr, "nardi-lab selfplay:", err)
		return 2
	}
	load := func(name, netPath string) (ai.Chooser, error) {
		if v != rules.Long {
			if netPath != "" {
				return nil, errors.New("--net-a and --net-b are for long nardi")
			}
			return cli.LoadPlayer(name, *rulesName, rules.OinMars)
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
			play := train.SelfPlay
			if *duplicate {
				play = train.SelfPlayDuplicate
			}
			var judge train.LuckJudge
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
	fmt.Fprintln(stderr, "nardi-lab selfplay:", err)
	return 2
}

// luckJudge is the judge of the dice's luck for nardi-lab selfplay --luck:
// the shipped network of the variant, as a review tells a roll's luck.
func luckJudge(v rules.Variant, rulesName string) (train.LuckJudge, error) {
	if v == rules.Long {
		net, err := ai.ShippedLongNet()
		if err != nil {
			return nil, err
		}
		ev := ai.NewLongEvaluator(net)
		return func(p rules.Position, d rules.Dice, first bool) float64 { return ev.Story(p, d, first).Luck }, nil
	}
	ev, err := cli.ShippedEvaluator(rulesName, rules.OinMars)
	if err != nil {
		return nil, err
	}
	return func(p rules.Position, d rules.Dice, _ bool) float64 { return ev.Story(p, d).Luck }, nil
}
