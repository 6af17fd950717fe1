package main

import (
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"

	"nardi/ai"
	"nardi/ai/train"
	"nardi/internal/cli"
	"nardi/rules"
)

// differSide is one of the two players "nardi-lab teach differ" compares: its
// networks (main and race), pruner, level and how its search is tuned
// (ai.Player.Tune).
type differSide struct {
	net, race, prune, level, tune string
}

// String names the side in the output's first line.
func (d differSide) String() string {
	s := d.level + " " + d.net + " race " + d.race
	if d.tune != "" {
		s += " tuned " + d.tune
	}
	return s
}

// player reads the side's networks and returns its player, without time
// limits.
func (d differSide) player() (*ai.Player, error) {
	net, err := readPair(d.net, d.race)
	if err != nil {
		return nil, err
	}
	if err := setPruner(net, d.prune); err != nil {
		return nil, err
	}
	level, err := ai.ParseLevel(d.level)
	if err != nil {
		return nil, err
	}
	pl := ai.NewPlayer(net, rules.Standard, rules.WithKoks, level)
	pl.Exact = true
	if d.tune != "" {
		if err := pl.Tune(d.tune); err != nil {
			return nil, err
		}
	}
	return pl, nil
}

// differDecision is a decision "nardi-lab teach differ" puts to both players:
// a position met in play and a roll.
type differDecision struct {
	pos  rules.Position
	dice rules.Dice
}

// differPhases are the phases --only may name: which of the teacher's
// positions "nardi-lab teach differ" puts to the players.
var differPhases = map[string]func(*rules.Position) bool{
	"":        func(*rules.Position) bool { return true },
	"contact": ai.Contact,
	"race":    func(p *rules.Position) bool { return !ai.Contact(p) },
}

// differDecisions returns the first count positions of the teacher's parts
// (in the order given, each part's in its order) for which keep holds, each
// with a roll drawn from seed and its index.
func differDecisions(dir string, parts []int, count int, seed uint64, keep func(*rules.Position) bool) ([]differDecision, error) {
	all, err := train.ListParts(dir)
	if err != nil {
		return nil, err
	}
	var out []differDecision
	for _, k := range parts {
		i := slices.IndexFunc(all, func(p train.Part) bool { return p.Number == k })
		if i < 0 {
			return nil, fmt.Errorf("no teacher's part %d in %s", k, dir)
		}
		samples, err := train.ReadPart(all[i].Path)
		if err != nil {
			return nil, err
		}
		for _, s := range samples {
			if len(out) == count {
				return out, nil
			}
			if !keep(&s.Pos) {
				continue
			}
			rng := rand.New(rand.NewPCG(seed, uint64(len(out))))
			a, b := 1+rng.IntN(6), 1+rng.IntN(6)
			out = append(out, differDecision{s.Pos, rules.Dice{max(a, b), min(a, b)}})
		}
	}
	return out, nil
}

// decisionsFrom returns the first count decisions of a file of
// "POSID D1 D2" lines (as nardi best reads them; a game's decisions as
// scripts/play-gnubg.sh --log writes them) for whose positions keep holds.
func decisionsFrom(path string, count int, keep func(*rules.Position) bool) ([]differDecision, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("the decisions: %w", err)
	}
	var out []differDecision
	for n, line := range strings.Split(string(data), "\n") {
		if len(out) == count {
			break
		}
		if line = strings.TrimSpace(line); line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		l, err := cli.ParseRollLineFor(rules.Short, line)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %w", path, n+1, err)
		}
		if keep(&l.Pos) {
			out = append(out, differDecision{l.Pos, l.Dice})
		}
	}
	return out, nil
}

// resultID names the result of a play for the judge: the Position ID of
// the position the opponent is on roll in, or "won:N" when the play ends
// the game, winning N points (backgammons counted).
func resultID(r rules.Position) string {
	if r.Won() {
		return fmt.Sprintf("won:%d", r.Value(rules.WithKoks))
	}
	return r.Swap().PositionID()
}

// teachDiffer is "nardi-lab teach differ": two players (network, pruner,
// level, tuning) choose on the same decisions, positions of the teacher's
// held-back parts with seeded rolls (or, with --positions, a file's
// decisions, such as those of games), and the decisions where they choose
// differently are printed for a judge (scripts/judge-differ.sh), one a
// line: index, Position ID, dice, A's result, B's result (see resultID).
// The first line counts the decisions. Both play as the bot plays under
// standard rules, but without time limits.
func teachDiffer(args []string, stdout, stderr io.Writer) int {
	fs := newFlags(stderr, "teach differ", "[--a NET --b NET] [--a-level master --b-level master] [--a-tune SPEC --b-tune SPEC] [--only contact|race] [--parts K,...|--positions FILE] [--count 3000] > DIFFER.tsv")
	var a, b differSide
	fs.StringVar(&a.net, "a", "ai/weights/net.bin", "player A's main network")
	fs.StringVar(&a.race, "a-race", "ai/weights/race.bin", "player A's race network")
	fs.StringVar(&a.prune, "a-prune", "ai/weights/prune.bin", "player A's pruner (empty: none)")
	fs.StringVar(&a.level, "a-level", "master", "player A's level")
	fs.StringVar(&a.tune, "a-tune", "", "player A's search otherwise than its level's, as name=value,... (ai.Player.Tune; e.g. keepR=0,trials=288)")
	fs.StringVar(&b.net, "b", "ai/weights/net.bin", "player B's main network")
	fs.StringVar(&b.race, "b-race", "ai/weights/race.bin", "player B's race network")
	fs.StringVar(&b.prune, "b-prune", "ai/weights/prune.bin", "player B's pruner (empty: none)")
	fs.StringVar(&b.level, "b-level", "master", "player B's level")
	fs.StringVar(&b.tune, "b-tune", "", "player B's search otherwise than its level's (see --a-tune)")
	only := fs.String("only", "", "put only these positions: contact or race (empty: all)")
	data := fs.String("data", "ai/train/data", "the teacher's parts (teacher-KKKK.tsv.gz)")
	partsFlag := fs.String("parts", "10,20,410,420,810,820", "the parts whose positions are played, comma-separated (the training holds back those ≡ 0 mod 10)")
	positions := fs.String("positions", "", "put these decisions instead of the teacher's: a file of \"POSID D1 D2\" lines (scripts/play-gnubg.sh --log)")
	count := fs.Int("count", 3000, "decisions")
	seed := fs.Uint64("seed", 1, "seed of the rolls")
	workers := fs.Int("workers", 1, "decisions played at once")
	if code, ok := fs.Parse(args, stdout); !ok {
		return code
	}
	fail := func(err error) int {
		fmt.Fprintln(stderr, "nardi-lab teach differ:", err)
		return 1
	}
	var parts []int
	for _, f := range strings.Split(*partsFlag, ",") {
		k, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || k < 0 {
			fmt.Fprintf(stderr, "nardi-lab teach differ: bad part %q in --parts\n", f)
			return 2
		}
		parts = append(parts, k)
	}
	if *count <= 0 || *workers <= 0 {
		fmt.Fprintln(stderr, "nardi-lab teach differ: --count and --workers must be positive")
		return 2
	}
	keep, ok := differPhases[*only]
	if !ok {
		fmt.Fprintf(stderr, "nardi-lab teach differ: --only must be contact or race, not %q\n", *only)
		return 2
	}
	pa, err := a.player()
	if err != nil {
		return fail(fmt.Errorf("player A: %w", err))
	}
	pb, err := b.player()
	if err != nil {
		return fail(fmt.Errorf("player B: %w", err))
	}
	var decs []differDecision
	source := "parts " + *partsFlag
	if *positions != "" {
		source = "positions " + *positions
		decs, err = decisionsFrom(*positions, *count, keep)
	} else {
		decs, err = differDecisions(*data, parts, *count, *seed, keep)
	}
	if err != nil {
		return fail(err)
	}
	lines := make([]string, len(decs))
	next := make(chan int)
	var wg sync.WaitGroup
	for range *workers {
		wg.Go(func() {
			for i := range next {
				d := decs[i]
				_, ra, _ := pa.Choose(d.pos, d.dice, false, uint64(i))
				_, rb, _ := pb.Choose(d.pos, d.dice, false, uint64(i))
				if ra != rb {
					lines[i] = fmt.Sprintf("%d\t%s\t%d%d\t%s\t%s", i, d.pos.PositionID(), d.dice[0], d.dice[1], resultID(ra), resultID(rb))
				}
			}
		})
	}
	for i := range decs {
		next <- i
	}
	close(next)
	wg.Wait()
	differ := 0
	for _, l := range lines {
		if l != "" {
			differ++
		}
	}
	phase := ""
	if *only != "" {
		phase = ", only " + *only
	}
	fmt.Fprintf(stdout, "# %d decisions, %d differ; A: %s, B: %s; %s%s, seed %d\n",
		len(decs), differ, a, b, source, phase, *seed)
	for _, l := range lines {
		if l != "" {
			fmt.Fprintln(stdout, l)
		}
	}
	return 0
}
