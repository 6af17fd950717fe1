package rules

import (
	"slices"
	"testing"
)

// TestStepsReachExactlyTheLegalPlays walks every path of offered steps from
// every vector position: the results reached must be exactly the legal
// plays' results, and every legal play must be reachable in each order its
// steps can be made.
func TestStepsReachExactlyTheLegalPlays(t *testing.T) {
	t.Parallel()
	vs := loadVectors(t, "rules-random.jsonl.gz")
	step := 1
	switch {
	case testing.Short():
		step = 7
	case raceEnabled:
		step = 3
	}
	for _, rs := range []RuleSet{Nardi, Standard} {
		for k := 0; k < len(vs); k += step {
			v := vs[k]
			p, _ := ParsePositionID(v.Pos)
			turn := NewTurn(p, v.Dice, rs)
			reached := map[Position]bool{}
			var walk func(made []Step)
			walk = func(made []Step) {
				next, complete, err := turn.Next(made)
				if err != nil {
					t.Fatalf("%s %v %v: %v", v.Pos, v.Dice, made, err)
				}
				if complete {
					if len(next) != 0 {
						t.Fatalf("%s %v: complete turn offers %v", v.Pos, v.Dice, next)
					}
					if len(made) == 0 {
						reached[p] = true // nothing to play: the turn passes
						return
					}
					pl, err := turn.Play(made)
					if err != nil {
						t.Fatalf("%s %v %v: %v", v.Pos, v.Dice, made, err)
					}
					reached[p.ApplyPlay(pl)] = true
					return
				}
				if len(next) == 0 {
					t.Fatalf("%s %v %v: a dead end", v.Pos, v.Dice, made)
				}
				for _, s := range next {
					walk(append(slices.Clone(made), s))
				}
			}
			walk(nil)
			_, results := LegalPlays(p, v.Dice, rs)
			if len(results) == 0 {
				if len(reached) != 1 || !reached[p] {
					t.Fatalf("%s %v: no legal play, but steps reached %d positions", v.Pos, v.Dice, len(reached))
				}
				continue
			}
			if len(reached) != len(results) {
				t.Fatalf("%s %v %s: steps reach %d positions, want %d", v.Pos, v.Dice, rs, len(reached), len(results))
			}
			for _, r := range results {
				if !reached[r] {
					t.Fatalf("%s %v %s: %s not reachable by steps", v.Pos, v.Dice, rs, r.PositionID())
				}
			}
		}
	}
}

func TestStepsRejectIllegalPrefix(t *testing.T) {
	turn := NewTurn(Start(), Dice{6, 5}, Nardi)
	if _, _, err := turn.Next([]Step{{From: 13, To: 9}}); err == nil {
		t.Error("13/9 with 6-5 was accepted")
	}
	if _, _, err := turn.Next([]Step{{From: 24, To: 18}, {From: 18, To: 13}, {From: 13, To: 8}}); err == nil {
		t.Error("three steps with 6-5 were accepted")
	}
	next, complete, err := turn.Next([]Step{{From: 24, To: 18}})
	if err != nil || complete {
		t.Fatal(err, complete)
	}
	// After 24/18 only the 5 remains; 24/19 and 6/1 land on held points.
	want := []Step{{From: 18, To: 13}, {From: 13, To: 8}, {From: 8, To: 3}}
	if !slices.Equal(next, want) {
		t.Errorf("next after 24/18 = %v, want %v", next, want)
	}
	if d := turn.UnusedDice([]Step{{From: 24, To: 18}}); !slices.Equal(d, []int{5}) {
		t.Errorf("unused dice %v", d)
	}
}

// TestRestIsTheOnlyCompletion: after each offered first step of vector
// positions, Rest finishes the turn exactly when every way of finishing it
// through the offered steps ends on one position, and its steps make that
// play.
func TestRestIsTheOnlyCompletion(t *testing.T) {
	t.Parallel()
	vs := loadVectors(t, "rules-random.jsonl.gz")
	step := 3
	if testing.Short() {
		step = 13
	}
	taken := 0
	for k := 0; k < len(vs); k += step {
		v := vs[k]
		p, _ := ParsePositionID(v.Pos)
		turn := NewTurn(p, v.Dice, Nardi)
		first, _, _ := turn.Next(nil)
		for _, s := range first {
			made := []Step{s}
			ends := map[Position]bool{}
			var walk func(made []Step)
			walk = func(made []Step) {
				next, complete, _ := turn.Next(made)
				if complete {
					pl, _ := turn.Play(made)
					ends[p.ApplyPlay(pl)] = true
					return
				}
				for _, n := range next {
					walk(append(slices.Clone(made), n))
				}
			}
			walk(made)
			rest, ok := turn.Rest(made)
			if ok != (len(ends) == 1 && len(made) < turn.Length()) {
				t.Fatalf("%s %v after %v: Rest %v %v, %d ends", v.Pos, v.Dice, made, rest, ok, len(ends))
			}
			if !ok {
				continue
			}
			taken++
			pl, err := turn.Play(append(slices.Clone(made), rest...))
			if err != nil || !ends[p.ApplyPlay(pl)] {
				t.Fatalf("%s %v: %v then %v is not the one completion: %v", v.Pos, v.Dice, made, rest, err)
			}
		}
	}
	if taken == 0 {
		t.Fatal("no position had a single completion")
	}
	if _, ok := NewTurn(Start(), Dice{6, 5}, Nardi).Rest(nil); ok {
		t.Error("Rest before any step")
	}
}
