package ai

import (
	"testing"

	"nardi/rules"
)

// TestShots checks the chance of being hit against the well-known counts
// of direct and indirect shots at a blot by one checker with nothing in
// the way, and against a roll-by-roll count on judged positions.
func TestShots(t *testing.T) {
	known := map[int]int{1: 11, 2: 12, 3: 14, 4: 15, 5: 15, 6: 17, 7: 6, 8: 6, 9: 5,
		10: 3, 11: 2, 12: 3, 13: 0, 14: 0, 15: 1, 16: 1, 17: 0, 18: 1, 20: 1, 24: 1}
	for dist, want := range known {
		var me, op [26]int8
		me[24] = 1
		op[25-(24-dist)] = 1
		if dist == 24 {
			op[25-1], op[rules.Bar] = 0, 1 // from the bar
		}
		var u [extPerSide]float32
		sideUnits(&me, &op, u[:])
		if got := int(u[0]*36 + 0.5); got != want {
			t.Errorf("%d away: %d shots, want %d", dist, got, want)
		}
	}
	for _, jp := range loadJudged(t) {
		for _, p := range []rules.Position{jp.Pos, jp.Pos.Swap()} {
			var u [extPerSide]float32
			sideUnits(&p.Mine, &p.Theirs, u[:])
			if got, want := int(u[0]*36+0.5), bruteShots(p.Mine, p.Theirs); got != want {
				t.Fatalf("%s: %d shots, counted roll by roll %d", p.PositionID(), got, want)
			}
		}
	}
}

// bruteShots counts, roll by roll, whether any opposing checker (moving up
// in the target's numbering, the bar as point 0) can reach a blot by a
// single die, by both dice with an open stop between, or by up to four of
// a double with every stop open.
func bruteShots(me, op [26]int8) int {
	at := func(q int) bool { return q >= 1 && q <= 24 && me[q] == 1 }
	open := func(q int) bool { return q >= 1 && q <= 24 && me[q] < 2 }
	n := 0
	for _, roll := range rules.Rolls {
		a, b := roll.Dice[0], roll.Dice[1]
		hit := false
		for q := 0; q <= 24; q++ {
			if q == 0 && op[rules.Bar] == 0 || q > 0 && op[25-q] == 0 {
				continue
			}
			if a == b {
				for k := 1; k <= 4; k++ {
					if at(q + k*a) {
						hit = true
					}
					if !open(q + k*a) {
						break
					}
				}
				continue
			}
			hit = hit || at(q+a) || at(q+b) ||
				(at(q+a+b) && (open(q+a) || open(q+b)))
		}
		if hit {
			n += roll.Weight
		}
	}
	return n
}

// TestEscapes checks the escape inputs: against a count roll by roll on
// the judged positions, and on known cases (nothing in the way: every
// roll; a six-prime just ahead: none).
func TestEscapes(t *testing.T) {
	var me, op [26]int8
	me[24], me[6] = 1, 14
	op[rules.Off] = 15 // all borne off
	var u [escPerSide]float32
	masksOf(&me).escUnits(&me, masksOf(&op), u[:])
	if u[0] != 1 || u[1] != 0 {
		t.Errorf("nothing in the way: escapes %v, containment %v; want 1 and 0", u[0], u[1])
	}
	op = [26]int8{}
	for j := 18; j <= 23; j++ { // the opponent's points 2..7: my 23..18
		op[25-j] = 2
	}
	op[1] = 3
	masksOf(&me).escUnits(&me, masksOf(&op), u[:])
	if u[0] != 0 || u[1] != 1 {
		t.Errorf("behind a six-prime: escapes %v, containment %v; want 0 and 1", u[0], u[1])
	}
	checked := 0
	for _, jp := range loadJudged(t) {
		for _, p := range []rules.Position{jp.Pos, jp.Pos.Swap()} {
			masksOf(&p.Mine).escUnits(&p.Mine, masksOf(&p.Theirs), u[:])
			back := backmost(&p.Mine)
			if back == 0 {
				continue
			}
			if got, want := int(u[0]*36+0.5), bruteEscapes(&p.Theirs, back); got != want {
				t.Fatalf("%s: %d escapes from %d, counted roll by roll %d", p.PositionID(), got, back, want)
			}
			least := 36
			for q := 13; q <= back; q++ {
				least = min(least, bruteEscapes(&p.Theirs, q))
			}
			if back < 13 {
				least = 36
			}
			if got := int(u[1]*36 + 0.5); got != 36-least {
				t.Fatalf("%s: containment %d, counted %d", p.PositionID(), got, 36-least)
			}
			checked++
		}
	}
	if checked < 100 {
		t.Fatalf("%d positions checked", checked)
	}
}

// bruteEscapes counts the rolls with which a checker on point q can move
// the whole roll, the opponent's held points op in its own numbering.
func bruteEscapes(op *[26]int8, q int) int {
	open := func(pt int) bool { return pt < 1 || op[25-pt] < 2 }
	n := 0
	for _, roll := range rules.Rolls {
		a, b := roll.Dice[0], roll.Dice[1]
		if a == b && open(q-a) && open(q-2*a) || a != b && open(q-a-b) && (open(q-a) || open(q-b)) {
			n += roll.Weight
		}
	}
	return n
}

// TestHits checks the hitting inputs: on known cases, and against a count
// roll by roll, point by point, on the judged positions.
func TestHits(t *testing.T) {
	// One blot on my 20-point, an opposing checker 6 pips behind it (on
	// my 14-point as it moves up: its own 11-point), the others borne off:
	// 17 rolls hit, each costing 25 − 20 = 5 pips; no second blot, so no
	// double hit.
	var me, op [26]int8
	me[20], me[6] = 1, 14
	op[25-14], op[rules.Off] = 1, 14
	var u [hitPerSide]float32
	masksOf(&me).hitUnits(masksOf(&op), false, u[:])
	if u[0] != 0 || int(u[1]*36*25+0.5) != 17*5 {
		t.Errorf("one blot 6 away: double hits %v, pip loss %v; want 0 and %v", u[0]*36, u[1]*36*25, 17*5)
	}
	// A second blot 1 pip past the first: 6-1 hits both (one checker),
	// as does 1-1; every roll hitting the first costs 5 pips, the rest 4.
	me[6], me[21] = 13, 1
	masksOf(&me).hitUnits(masksOf(&op), false, u[:])
	if u[0] == 0 {
		t.Errorf("two blots 6 and 7 away: no double hits")
	}
	checked := 0
	for _, jp := range loadJudged(t) {
		for _, p := range []rules.Position{jp.Pos, jp.Pos.Swap()} {
			masksOf(&p.Mine).hitUnits(masksOf(&p.Theirs), p.Theirs[rules.Bar] > 0, u[:])
			two, loss := bruteHits(p.Mine, p.Theirs)
			if got, gotLoss := int(u[0]*36+0.5), int(u[1]*36*25+0.5); got != two || gotLoss != loss {
				t.Fatalf("%s: double hits %d, pip loss %d; counted roll by roll %d and %d", p.PositionID(), got, gotLoss, two, loss)
			}
			if two > 0 {
				checked++
			}
		}
	}
	if checked < 20 {
		t.Fatalf("%d positions with double hits checked", checked)
	}
}

// bruteHits counts, roll by roll and point by point, the rolls with which
// opposing checkers (moving up in the target's numbering, the bar as point
// 0) can hit two blots, as hits defines them, and sums the pips lost to
// each roll's costliest single hit.
func bruteHits(me, op [26]int8) (two, loss int) {
	at := func(q int) bool { return q >= 1 && q <= 24 && me[q] == 1 }
	open := func(q int) bool { return q >= 1 && q <= 24 && me[q] < 2 }
	var from []int
	for q := 0; q <= 24; q++ {
		if q == 0 && op[rules.Bar] > 0 || q > 0 && op[25-q] > 0 {
			from = append(from, q)
		}
	}
	for _, roll := range rules.Rolls {
		a, b := roll.Dice[0], roll.Dice[1]
		steps := map[int]int{} // blot → fewest steps of a double to hit it
		hit := map[int]bool{}
		twice := false
		for _, q := range from {
			if a == b {
				first := 0
				for k := 1; k <= 4; k++ {
					x := q + k*a
					if at(x) {
						if _, ok := steps[x]; !ok || steps[x] > k {
							steps[x] = k
						}
						hit[x] = true
						if first > 0 {
							twice = true
						}
						first = k
					}
					if !open(x) {
						break
					}
				}
				continue
			}
			for _, d := range []int{a, b} {
				if at(q + d) {
					hit[q+d] = true
				}
			}
			if at(q+a+b) && (open(q+a) || open(q+b)) {
				hit[q+a+b] = true
			}
			if at(q+a) && at(q+a+b) || at(q+b) && at(q+a+b) {
				twice = true
			}
		}
		if a == b {
			within := func(k int) (n int) {
				for _, s := range steps {
					if s <= k {
						n++
					}
				}
				return n
			}
			twice = twice || within(2) >= 2 || within(1) >= 1 && within(3) >= 2
		} else {
			for _, qa := range from {
				for _, qb := range from {
					if at(qa+a) && at(qb+b) && qa+a != qb+b {
						twice = true
					}
				}
			}
		}
		if twice {
			two += roll.Weight
		}
		low := 25
		for x := range hit {
			low = min(low, x)
		}
		if low < 25 {
			loss += roll.Weight * (25 - low)
		}
	}
	return two, loss
}
