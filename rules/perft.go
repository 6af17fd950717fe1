package rules

// Rolls lists the 21 distinct rolls of two dice, larger die first, with
// their weights out of 36 (1 for a double, 2 otherwise).
var Rolls = func() [21]struct {
	Dice   Dice
	Weight int
} {
	var out [21]struct {
		Dice   Dice
		Weight int
	}
	i := 0
	for a := 1; a <= 6; a++ {
		for b := 1; b <= a; b++ {
			out[i].Dice = Dice{a, b}
			out[i].Weight = 2
			if a == b {
				out[i].Weight = 1
			}
			i++
		}
	}
	return out
}()

// Perft counts the positions reached after depth half-turns from p: for each
// of the 21 rolls, each distinct resulting position (a roll with no legal
// play leads to the position itself, counted once), the opponent then to
// roll. It is the classic check of a move generator.
func Perft(p Position, depth int, rs RuleSet) int64 {
	if depth <= 0 {
		return 1
	}
	var g Generator
	return g.perft(p, depth, rs)
}

func (g *Generator) perft(p Position, depth int, rs RuleSet) int64 {
	var total int64
	if depth == 1 {
		return int64(g.CountAll(p, rs))
	}
	var child Generator
	for _, r := range Rolls {
		_, results := g.Plays(p, r.Dice, rs)
		if len(results) == 0 {
			total += child.perft(p.Swap(), depth-1, rs)
			continue
		}
		for _, res := range results {
			total += child.perft(res.Swap(), depth-1, rs)
		}
	}
	return total
}
