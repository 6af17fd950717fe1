package game

import (
	"encoding/hex"
	"encoding/json"
	"math/rand/v2"
	"os"
	"testing"
	"time"

	"nardi/rules"
)

// TestFairThrowVectors: the throws of fixed seeds, ids and ks, computed
// by an independent implementation (testdata/fair-dice.json), among them
// throws where a byte of 252 or more is skipped.
func TestFairThrowVectors(t *testing.T) {
	b, err := os.ReadFile("testdata/fair-dice.json")
	if err != nil {
		t.Fatal(err)
	}
	var vs []struct {
		Seed, Commitment, ID string
		K                    int
		Dice                 [2]int
	}
	if err := json.Unmarshal(b, &vs); err != nil {
		t.Fatal(err)
	}
	if len(vs) < 40 {
		t.Fatalf("%d vectors", len(vs))
	}
	for _, v := range vs {
		seed, err := parseSeed(v.Seed)
		if err != nil {
			t.Fatal(err)
		}
		if c := Commitment(seed); c != v.Commitment {
			t.Errorf("seed %s: commitment %s, want %s", v.Seed, c, v.Commitment)
		}
		if d := FairThrow(seed, v.ID, v.K); d != rules.Dice(v.Dice) {
			t.Errorf("seed %s, id %q, k %d: %v, want %v", v.Seed, v.ID, v.K, d, v.Dice)
		}
	}
}

// TestFairThrowDependsOnEverything: another seed, id or k gives other
// dice.
func TestFairThrowDependsOnEverything(t *testing.T) {
	seq := func(seed [32]byte, id string, from int) (out []rules.Dice) {
		for k := from; k < from+20; k++ {
			out = append(out, FairThrow(seed, id, k))
		}
		return out
	}
	same := func(a, b []rules.Dice) bool {
		for i := range a {
			if a[i] != b[i] {
				return false
			}
		}
		return true
	}
	seed := newSeed()
	other := seed
	other[31] ^= 1
	base := seq(seed, "abc", 1)
	for name, s := range map[string][]rules.Dice{
		"seed": seq(other, "abc", 1), "id": seq(seed, "abd", 1), "k": seq(seed, "abc", 2),
	} {
		if same(base, s) {
			t.Errorf("a changed %s gives the same dice", name)
		}
	}
}

// TestGameDiceReplay: a whole game with its verifiable dice replays from
// its revealed seed: the tied opening throws, the opening, every turn's
// roll, in order; the seed is secret until the end and the commitment
// stays the same; storage keeps it all.
func TestGameDiceReplay(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	opts := Options{Rules: rules.Standard, Scoring: rules.WithKoks, Cube: true}
	g, err := New(opts, humans, t0)
	ok(t, err)
	commitment := g.DiceCommitment()
	if _, shown := g.DiceSeed(); shown || len(commitment) != 64 || !g.Verifiable() {
		t.Fatalf("at the start: seed shown %v, commitment %q", shown, commitment)
	}
	now := t0
	for turns := 0; !g.Over(); turns++ {
		if turns == 40 {
			g = roundTrip(t, g) // the dice go on from storage
		}
		now = now.Add(time.Second)
		switch g.Phase() {
		case PhaseCube:
			ok(t, g.Roll(g.Turn(), g.Counter(), now))
		case PhaseNoMoves:
			ok(t, g.Pass(g.Counter(), now))
		default:
			plays := g.LegalPlays()
			ok(t, g.ApplyPlay(g.Turn(), g.Counter(), plays[rng.IntN(len(plays))], now))
		}
	}
	hexSeed, shown := g.DiceSeed()
	if !shown || g.DiceCommitment() != commitment {
		t.Fatalf("at the end: seed shown %v, commitment %s (was %s)", shown, g.DiceCommitment(), commitment)
	}
	raw, _ := hex.DecodeString(hexSeed)
	var seed [32]byte
	copy(seed[:], raw)
	if Commitment(seed) != commitment {
		t.Fatal("the revealed seed does not match the commitment")
	}
	k := 1
	next := func() rules.Dice { d := FairThrow(seed, g.DiceID(), k); k++; return d }
	d := next()
	for d[0] == d[1] {
		d = next()
	}
	if [2]int(d) != g.Opening() {
		t.Fatalf("opening %v, recomputed %v", g.Opening(), d)
	}
	for i, r := range g.History() {
		if i == 0 {
			continue // the opening throw, played by the higher die's seat
		}
		if d := next(); d != r.Dice {
			t.Fatalf("turn %d: %v, recomputed %v", i, r.Dice, d)
		}
	}
	if k-1 != g.Throws() {
		t.Fatalf("%d throws recomputed, the game made %d", k-1, g.Throws())
	}
}

// TestMatchGamesHaveTheirOwnDice: each game of a match has its own seed
// and id, and the finished ones keep theirs for the record.
func TestMatchGamesHaveTheirOwnDice(t *testing.T) {
	g, err := New(Options{Match: 3}, humans, t0)
	ok(t, err)
	first, id := g.DiceCommitment(), g.DiceID()
	ok(t, g.Resign(0, g.Counter(), t0))
	seed, _ := g.DiceSeed()
	ok(t, g.NextGame(g.Counter(), t0))
	if g.DiceCommitment() == first || g.DiceID() == id {
		t.Fatalf("game 2 has game 1's dice: %s %s", g.DiceCommitment(), g.DiceID())
	}
	p := g.Past()[0]
	if p.DiceID != id || p.DiceSeed != seed || !p.Verifiable || p.Throws < 1 {
		t.Fatalf("game 1 as kept: %+v", p)
	}
}

// TestClosedGameRevealsItsSeed: a game closed without a result (as
// abandoned) reveals its dice seed, which matches the commitment shown
// at its start and gives every throw it made; nothing changes it after.
func TestClosedGameRevealsItsSeed(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	g, err := New(Options{Match: 3}, humans, t0)
	ok(t, err)
	commitment := g.DiceCommitment()
	now := t0
	for range 6 {
		now = now.Add(time.Second)
		if g.Phase() == PhaseNoMoves {
			ok(t, g.Pass(g.Counter(), now))
			continue
		}
		plays := g.LegalPlays()
		ok(t, g.ApplyPlay(g.Turn(), g.Counter(), plays[rng.IntN(len(plays))], now))
	}
	if _, shown := g.DiceSeed(); shown || g.Closed() {
		t.Fatal("the seed is out while the game goes on")
	}
	g.Close()
	hexSeed, shown := g.DiceSeed()
	seed, err := ParseSeed(hexSeed)
	if !shown || err != nil || Commitment(seed) != commitment || !g.Closed() {
		t.Fatalf("closed: seed %q shown %v (%v), commitment %s", hexSeed, shown, err, commitment)
	}
	if FairThrow(seed, g.DiceID(), g.Throws()) != g.Dice() {
		t.Fatalf("the last throw %v is not the seed's", g.Dice())
	}
	counter := g.Counter()
	if err := g.Resign(0, counter, now); CodeOf(err) != ErrGameOver {
		t.Fatalf("a resignation in a closed game: %v", err)
	}
	if plays := g.LegalPlays(); len(plays) > 0 {
		if err := g.ApplyPlay(g.Turn(), counter, plays[0], now); CodeOf(err) != ErrGameOver {
			t.Fatalf("a play in a closed game: %v", err)
		}
	}
	if g.Counter() != counter || g.Over() {
		t.Fatal("a closed game changed")
	}
}
