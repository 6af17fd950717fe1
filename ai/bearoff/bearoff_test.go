package bearoff

import (
	"math"
	"math/rand/v2"
	"sync"
	"testing"
)

// testCache holds the databases the whole-table tests run on: the full ones,
// or under the race detector (where a full build takes seconds) the parts
// with at most raceCheckers checkers, which hold the same values.
var testCache [2]lazyDB

const raceCheckers = 10

func testDB(nardi bool) *DB {
	if !raceEnabled {
		return Get(nardi)
	}
	if nardi {
		return testCache[1].get(true, raceCheckers)
	}
	return testCache[0].get(false, raceCheckers)
}

func ruleName(nardi bool) string {
	if nardi {
		return "nardi"
	}
	return "standard"
}

func forRules(t *testing.T, f func(t *testing.T, nardi bool)) {
	for _, nardi := range []bool{false, true} {
		t.Run(ruleName(nardi), func(t *testing.T) { f(t, nardi) })
	}
}

func checkers(p [6]int8) int {
	n := 0
	for _, c := range p {
		n += int(c)
	}
	return n
}

func pipCount(p [6]int8) int {
	n := 0
	for k, c := range p {
		n += (k + 1) * int(c)
	}
	return n
}

func TestIndex(t *testing.T) {
	if got := numWithAtMost(MaxCheckers); got != NumPositions {
		t.Fatalf("C(21,6) = %d, want %d", got, NumPositions)
	}
	if Index([6]int8{}) != 0 {
		t.Fatalf("empty position has index %d", Index([6]int8{}))
	}
	seen := make([]bool, NumPositions)
	var p [6]int8
	var rec func(k, left int)
	rec = func(k, left int) {
		if k == 6 {
			i := Index(p)
			if i < 0 || i >= NumPositions || seen[i] {
				t.Fatalf("Index(%v) = %d: out of range or repeated", p, i)
			}
			seen[i] = true
			if i >= numWithAtMost(checkers(p)) {
				t.Fatalf("Index(%v) = %d not below C(%d,6)", p, i, checkers(p)+6)
			}
			if Position(i) != p {
				t.Fatalf("Position(Index(%v)) = %v", p, Position(i))
			}
			if !Valid(p) || pack(p).index() != i {
				t.Fatalf("Valid or packed index wrong for %v", p)
			}
			return
		}
		for v := 0; v <= left; v++ {
			p[k] = int8(v)
			rec(k+1, left-v)
		}
	}
	rec(0, MaxCheckers)

	for _, bad := range [][6]int8{{-1, 0, 0, 0, 0, 0}, {0, 0, 0, 0, 0, 16}, {3, 3, 3, 3, 3, 1}} {
		if Valid(bad) {
			t.Errorf("Valid(%v) = true", bad)
		}
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("Index(%v) did not panic", bad)
				}
			}()
			Index(bad)
		}()
	}
}

// TestKnownValues checks positions worked out by hand.
func TestKnownValues(t *testing.T) {
	forRules(t, func(t *testing.T, nardi bool) {
		db := testDB(nardi)
		near := func(what string, got, want float64) {
			t.Helper()
			if math.Abs(got-want) > 1e-6 {
				t.Errorf("%s = %.9f, want %.9f", what, got, want)
			}
		}
		near("Mean(empty)", db.Mean([6]int8{}), 0)
		near("Dist(empty)[0]", float64(db.Dist([6]int8{})[0]), 1)
		// One roll always suffices: a single checker on points 1-3, two
		// on the 1-point, or one each on the 1- and 2-points.
		for _, p := range [][6]int8{{1}, {2}, {1, 1}, {0, 1}, {0, 0, 1}} {
			near("Mean", db.Mean(p), 1)
			near("Dist[1]", float64(db.Dist(p)[1]), 1)
		}
		// Two on the 2-point: a non-double with a 1 (10/36) leaves one
		// checker on the 1-point.
		near("Mean(2 on 2-point)", db.Mean([6]int8{0, 2}), 1+10.0/36)
		near("P1(2 on 2-point)", float64(db.Dist([6]int8{0, 2})[1]), 26.0/36)
		// One checker on the 4-point: only 2-1 (2/36) fails, leaving a
		// checker on the 1-point.
		near("Mean(4-point)", db.Mean([6]int8{0, 0, 0, 1}), 1+2.0/36)
		// One checker on the 6-point: 2-1, 3-1, 4-1, 3-2 (8/36) and 1-1
		// (1/36) fail, each leaving a checker on points 1-3.
		d := db.Dist([6]int8{0, 0, 0, 0, 0, 1})
		near("P1(6-point)", float64(d[1]), 27.0/36)
		near("P2(6-point)", float64(d[2]), 9.0/36)
		near("Mean(6-point)", db.Mean([6]int8{0, 0, 0, 0, 0, 1}), 1.25)
		// Two checkers on the 6-point come off in one roll only with 3-3,
		// 4-4, 5-5 or 6-6.
		near("P1(2 on 6-point)", float64(db.Dist([6]int8{0, 0, 0, 0, 0, 2})[1]), 4.0/36)
		// Five checkers on the 1-point: a roll bears off two checkers, a
		// double four, so two rolls suffice iff one of the first two rolls
		// is a double.
		d = db.Dist([6]int8{5})
		near("P2(5 on 1-point)", float64(d[2]), 1-(5.0/6)*(5.0/6))
		near("P3(5 on 1-point)", float64(d[3]), (5.0/6)*(5.0/6))
	})
}

// --- An independent brute force: plays enumerated die by die on arrays,
// with the rules applied literally, and a memoised expectimax over all 36
// ordered rolls.

type bfLeaf struct {
	pos               [6]int8
	used, pips, first int
}

// bfPlays returns the distinct positions the legal plays of dice d1, d2
// lead to from p.
func bfPlays(p [6]int8, d1, d2 int, nardi bool) [][6]int8 {
	var leaves []bfLeaf
	var walk func(cur [6]int8, dice []int, used, pips, first int)
	walk = func(cur [6]int8, dice []int, used, pips, first int) {
		if checkers(cur) == 0 { // all off: the play is complete
			leaves = append(leaves, bfLeaf{cur, used + len(dice), pips, first})
			return
		}
		moved := false
		if len(dice) > 0 {
			d := dice[0]
			for from := 6; from >= 1; from-- {
				if cur[from-1] == 0 {
					continue
				}
				to := from - d
				if to < 0 {
					higher := false
					for q := from + 1; q <= 6; q++ {
						higher = higher || cur[q-1] > 0
					}
					if higher {
						continue
					}
				}
				next := cur
				next[from-1]--
				if to > 0 {
					next[to-1]++
				}
				f := first
				if used == 0 {
					f = d
				}
				walk(next, dice[1:], used+1, pips+from-max(to, 0), f)
				moved = true
			}
		}
		if !moved {
			leaves = append(leaves, bfLeaf{cur, used, pips, first})
		}
	}
	if d1 == d2 {
		walk(p, []int{d1, d1, d1, d1}, 0, 0, 0)
	} else {
		walk(p, []int{d1, d2}, 0, 0, 0)
		walk(p, []int{d2, d1}, 0, 0, 0)
	}
	maxUsed, maxPips, larger := 0, 0, false
	for _, l := range leaves {
		maxUsed = max(maxUsed, l.used)
	}
	for _, l := range leaves {
		if l.used == maxUsed {
			larger = larger || l.first == max(d1, d2)
		}
	}
	keep := func(l bfLeaf) bool {
		return l.used == maxUsed && (d1 == d2 || maxUsed != 1 || !larger || l.first == max(d1, d2))
	}
	for _, l := range leaves {
		if keep(l) {
			maxPips = max(maxPips, l.pips)
		}
	}
	var out [][6]int8
	seen := map[[6]int8]bool{}
	for _, l := range leaves {
		if keep(l) && (!nardi || l.pips == maxPips) && !seen[l.pos] {
			seen[l.pos] = true
			out = append(out, l.pos)
		}
	}
	return out
}

type bfValue struct {
	mean float64
	dist [MaxRolls]float64
}

type bruteForce struct {
	nardi bool
	memo  map[[6]int8]*bfValue
}

func (b *bruteForce) eval(p [6]int8) *bfValue {
	if v, ok := b.memo[p]; ok {
		return v
	}
	v := &bfValue{}
	if checkers(p) == 0 {
		v.dist[0] = 1
	} else {
		v.mean = 1
		for d1 := 1; d1 <= 6; d1++ {
			for d2 := 1; d2 <= 6; d2++ {
				var best *bfValue
				bestIdx := 0
				vals := map[[6]int8]*bfValue{}
				lowest := math.Inf(1)
				for _, q := range bfPlays(p, d1, d2, b.nardi) {
					vals[q] = b.eval(q)
					lowest = min(lowest, vals[q].mean)
				}
				// Among the best plays, the one leading to the lowest
				// index (the database's tie rule).
				for q, w := range vals {
					if w.mean <= lowest+tieEps && (best == nil || Index(q) < bestIdx) {
						best, bestIdx = w, Index(q)
					}
				}
				v.mean += best.mean / 36
				for n := 0; n+1 < MaxRolls; n++ {
					v.dist[n+1] += best.dist[n] / 36
				}
			}
		}
	}
	b.memo[p] = v
	return v
}

// TestBruteForce compares the database with the brute force on every
// position of up to 6 checkers and a few bigger ones.
func TestBruteForce(t *testing.T) {
	forRules(t, func(t *testing.T, nardi bool) {
		db := testDB(nardi)
		bf := &bruteForce{nardi: nardi, memo: map[[6]int8]*bfValue{}}
		check := func(p [6]int8) {
			t.Helper()
			want := bf.eval(p)
			if got := db.Mean(p); math.Abs(got-want.mean) > 1e-9 {
				t.Fatalf("Mean(%v) = %.12f, brute force %.12f", p, got, want.mean)
			}
			got := db.Dist(p)
			for n := range MaxRolls {
				if math.Abs(float64(got[n])-want.dist[n]) > 1e-6 {
					t.Fatalf("Dist(%v)[%d] = %g, brute force %g", p, n, got[n], want.dist[n])
				}
			}
		}
		for i := range numWithAtMost(6) {
			check(Position(i))
		}
		check([6]int8{4, 3, 2, 1, 0, 0})
		check([6]int8{0, 0, 0, 0, 3, 4})
		check([6]int8{1, 1, 1, 1, 1, 3})
	})
}

// TestRestrictedBuild: a build limited to fewer checkers is a prefix of the
// full table.
func TestRestrictedBuild(t *testing.T) {
	forRules(t, func(t *testing.T, nardi bool) {
		small, db := build(nardi, 7), testDB(nardi)
		for i := range small.n {
			p := Position(i)
			if small.Mean(p) != db.Mean(p) || small.Dist(p) != db.Dist(p) {
				t.Fatalf("restricted build differs at %v", p)
			}
		}
		func() {
			defer func() {
				if recover() == nil {
					t.Error("lookup beyond a restricted build did not panic")
				}
			}()
			small.Mean([6]int8{8})
		}()
	})
}

// TestDistributions checks every stored distribution: it sums to 1, its
// mean is Mean, it needs at least ceil(checkers/4) and ceil(pips/24) rolls,
// and nothing is folded into the last entry.
func TestDistributions(t *testing.T) {
	forRules(t, func(t *testing.T, nardi bool) {
		db := testDB(nardi)
		for i := range db.n {
			p := Position(i)
			first, probs := db.DistRange(p)
			d := db.Dist(p)
			sum, mean, cum := 0.0, 0.0, 0.0
			for n, v := range d {
				sum += float64(v)
				mean += float64(n) * float64(v)
				if n >= first && n < first+len(probs) && v != probs[n-first] {
					t.Fatalf("Dist and DistRange differ at %v", p)
				}
				cum += float64(v)
				if w := db.ProbWithin(p, n); math.Abs(w-cum) > 1e-6 {
					t.Fatalf("ProbWithin(%v, %d) = %g, want %g", p, n, w, cum)
				}
			}
			if math.Abs(sum-1) > 1e-5 {
				t.Fatalf("Dist(%v) sums to %.9f", p, sum)
			}
			if math.Abs(mean-db.Mean(p)) > 1e-5*max(1, mean) {
				t.Fatalf("mean of Dist(%v) = %.9f, Mean %.9f", p, mean, db.Mean(p))
			}
			minRolls := max((checkers(p)+3)/4, (pipCount(p)+23)/24)
			if first < minRolls || probs[0] == 0 || probs[len(probs)-1] == 0 {
				t.Fatalf("Dist(%v) starts at %d rolls, at least %d needed", p, first, minRolls)
			}
			if d[MaxRolls-1] != 0 || first+len(probs) > 31 {
				t.Fatalf("Dist(%v) reaches %d rolls", p, first+len(probs)-1)
			}
		}
	})
}

// TestMonotone: an extra checker never lowers the mean; nardi (a subset of
// the standard plays) is never better than standard, and sometimes worse.
func TestMonotone(t *testing.T) {
	std, nar := testDB(false), testDB(true)
	worse := 0
	for i := range std.n {
		p := Position(i)
		if nar.Mean(p) < std.Mean(p)-1e-12 {
			t.Fatalf("%v: nardi mean %.12f < standard %.12f", p, nar.Mean(p), std.Mean(p))
		}
		if nar.Mean(p) > std.Mean(p)+1e-9 {
			worse++
		}
		if checkers(p) == raceCheckers && raceEnabled || checkers(p) == MaxCheckers {
			continue
		}
		for k := range 6 {
			q := p
			q[k]++
			for _, db := range []*DB{std, nar} {
				if db.Mean(q) < db.Mean(p)-1e-12 {
					t.Fatalf("%s: Mean(%v) = %.12f < Mean(%v) = %.12f", ruleName(db.Nardi()), q, db.Mean(q), p, db.Mean(p))
				}
			}
		}
	}
	if worse == 0 {
		t.Error("nardi never worse than standard")
	}
	if p := [6]int8{0, 0, 0, 0, 0, 3}; nar.Mean(p) <= std.Mean(p) {
		t.Errorf("three on the 6-point: nardi %.9f, standard %.9f", nar.Mean(p), std.Mean(p))
	}
}

// TestMonteCarlo plays bear-offs with dice, choosing among the brute-force
// plays the one the database rates best, and compares the numbers of rolls
// with the database's distribution.
func TestMonteCarlo(t *testing.T) {
	start, games := [6]int8{0, 0, 0, 0, 0, 15}, 20000
	if raceEnabled {
		start, games = [6]int8{0, 0, 0, 0, 0, raceCheckers}, 2000
	}
	forRules(t, func(t *testing.T, nardi bool) {
		db := testDB(nardi)
		rng := rand.New(rand.NewPCG(2024, 7))
		counts := make([]int, MaxRolls)
		total := 0
		for range games {
			p, rolls := start, 0
			for checkers(p) > 0 {
				d1, d2 := rng.IntN(6)+1, rng.IntN(6)+1
				best, choice := math.Inf(1), p
				for _, q := range bfPlays(p, d1, d2, nardi) {
					if m := db.Mean(q); m < best {
						best, choice = m, q
					}
				}
				p = choice
				rolls++
			}
			counts[rolls]++
			total += rolls
		}
		want := db.Dist(start)
		sd := 0.0
		for n, v := range want {
			sd += float64(v) * math.Pow(float64(n)-db.Mean(start), 2)
		}
		sd = math.Sqrt(sd)
		got := float64(total) / float64(games)
		t.Logf("%v: simulated mean %.4f, database %.4f (sd %.3f)", start, got, db.Mean(start), sd)
		if math.Abs(got-db.Mean(start)) > 4*sd/math.Sqrt(float64(games)) {
			t.Errorf("simulated mean %.4f, database %.4f", got, db.Mean(start))
		}
		for n, c := range counts {
			pn := float64(want[n])
			tol := 4*math.Sqrt(pn*(1-pn)/float64(games)) + 1e-3
			if f := float64(c) / float64(games); math.Abs(f-pn) > tol {
				t.Errorf("P(%d rolls): simulated %.4f, database %.4f", n, f, pn)
			}
		}
	})
	if !raceEnabled {
		for _, nardi := range []bool{false, true} {
			if m := Get(nardi).Mean(start); m < 12 || m > 12.5 {
				t.Errorf("%s: 15 on the 6-point mean %.4f", ruleName(nardi), m)
			}
		}
	}
}

func TestWinProb(t *testing.T) {
	forRules(t, func(t *testing.T, nardi bool) {
		db := testDB(nardi)
		one6 := [6]int8{0, 0, 0, 0, 0, 1}
		if got, want := db.WinProb(one6, one6), 27.0/36+(9.0/36)*(9.0/36); math.Abs(got-want) > 1e-6 {
			t.Errorf("WinProb(one on 6, one on 6) = %.9f, want %.9f", got, want)
		}
		rng := rand.New(rand.NewPCG(1, 2))
		for range 3000 {
			a, b := Position(rng.IntN(db.n)), Position(rng.IntN(db.n))
			if i := Index(a); i != 0 {
				if w := db.WinProb(a, a); w <= 0.5 {
					t.Fatalf("WinProb(%v, same) = %.6f <= 0.5", a, w)
				}
				if w := db.WinProb(a, [6]int8{}); w != 0 {
					t.Fatalf("WinProb(%v, empty) = %g", a, w)
				}
			}
			if w := db.WinProb([6]int8{}, b); w != 1 {
				t.Fatalf("WinProb(empty, %v) = %g", b, w)
			}
			// Direct sum over the arrays, and the identity
			// P(a first) + P(b first) = 1 + P(same number of rolls).
			da, dbb := db.Dist(a), db.Dist(b)
			want, tie, belowB := 0.0, 0.0, 0.0
			for n := range MaxRolls {
				want += float64(da[n]) * (1 - belowB)
				tie += float64(da[n]) * float64(dbb[n])
				belowB += float64(dbb[n])
			}
			wab, wba := db.WinProb(a, b), db.WinProb(b, a)
			if math.Abs(wab-want) > 1e-5 || math.Abs(wab+wba-1-tie) > 1e-5 {
				t.Fatalf("WinProb(%v, %v) = %.7f, WinProb(%v, %v) = %.7f, direct %.7f, tie %.7f", a, b, wab, b, a, wba, want, tie)
			}
		}
	})
}

func TestGetConcurrent(t *testing.T) {
	var l lazyDB
	var wg sync.WaitGroup
	got := make([]*DB, 8)
	for k := range got {
		wg.Go(func() { got[k] = l.get(true, 5) })
	}
	wg.Wait()
	for _, db := range got {
		if db != got[0] || db.Mean([6]int8{0, 0, 0, 0, 0, 1}) != 1.25 || !db.Nardi() {
			t.Fatal("concurrent get returned different or wrong databases")
		}
	}
	if !raceEnabled && (Get(false) != Get(false) || Get(true) == Get(false)) {
		t.Error("Get does not cache per rule set")
	}
}

// bytes returns the memory the database keeps.
func (db *DB) bytes() int {
	return 8*len(db.mean) + 4*len(db.off) + len(db.first) + len(db.size) + 4*len(db.prob)
}

func BenchmarkBuild(b *testing.B) {
	for _, nardi := range []bool{false, true} {
		b.Run(ruleName(nardi), func(b *testing.B) {
			b.ReportAllocs()
			var db *DB
			for b.Loop() {
				db = Build(nardi)
			}
			b.ReportMetric(float64(db.bytes())/(1<<20), "MiB-kept")
		})
	}
}

func BenchmarkWinProb(b *testing.B) {
	db := Get(false)
	x, y := [6]int8{2, 2, 3, 3, 3, 2}, [6]int8{3, 3, 3, 2, 2, 2}
	for b.Loop() {
		db.WinProb(x, y)
	}
}

func BenchmarkMean(b *testing.B) {
	db := Get(false)
	x := [6]int8{2, 2, 3, 3, 3, 2}
	for b.Loop() {
		db.Mean(x)
	}
}
