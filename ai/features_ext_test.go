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
		var more [morePerSide]float32
		sideUnits(&me, &op, u[:], more[:])
		if got := int(u[0]*36 + 0.5); got != want {
			t.Errorf("%d away: %d shots, want %d", dist, got, want)
		}
	}
	for _, jp := range loadJudged(t) {
		for _, p := range []rules.Position{jp.Pos, jp.Pos.Swap()} {
			var u [extPerSide]float32
			var more [morePerSide]float32
			sideUnits(&p.Mine, &p.Theirs, u[:], more[:])
			hits, loss := bruteShots(p.Mine, p.Theirs)
			if got := int(u[0]*36 + 0.5); got != hits {
				t.Fatalf("%s: %d shots, counted roll by roll %d", p.PositionID(), got, hits)
			}
			if got := int(more[0]*36*24 + 0.5); got != loss {
				t.Fatalf("%s: %d pips lost, counted roll by roll %d", p.PositionID(), got, loss)
			}
			if got, want := int(more[1]*36+0.5), bruteEscapes(p.Mine, p.Theirs); got != want {
				t.Fatalf("%s: %d escapes, counted roll by roll %d", p.PositionID(), got, want)
			}
		}
	}
}

// bruteShots counts, roll by roll, whether any opposing checker (moving up
// in the target's numbering, the bar as point 0) can reach a blot by a
// single die, by both dice with an open stop between, or by up to four of
// a double with every stop open; and sums the pips lost to the costliest
// hit of each roll.
func bruteShots(me, op [26]int8) (n, loss int) {
	open := func(q int) bool { return q >= 1 && q <= 24 && me[q] < 2 }
	for _, roll := range rules.Rolls {
		a, b := roll.Dice[0], roll.Dice[1]
		worst := 0
		hit := func(q int) {
			if q >= 1 && q <= 24 && me[q] == 1 {
				worst = max(worst, 25-q)
			}
		}
		for q := 0; q <= 24; q++ {
			if q == 0 && op[rules.Bar] == 0 || q > 0 && op[25-q] == 0 {
				continue
			}
			if a == b {
				for k := 1; k <= 4; k++ {
					hit(q + k*a)
					if !open(q + k*a) {
						break
					}
				}
				continue
			}
			hit(q + a)
			hit(q + b)
			if open(q+a) || open(q+b) {
				hit(q + a + b)
			}
		}
		if worst > 0 {
			n += roll.Weight
			loss += roll.Weight * worst
		}
	}
	return n, loss
}

// bruteEscapes counts, roll by roll, whether the side's rearmost checker
// can land below every point the other side holds on its way outside the
// side's home (points 7 and up), stopping only on points the other side
// does not hold.
func bruteEscapes(me, op [26]int8) int {
	back := 0
	for i := rules.Bar; i >= 1; i-- {
		if me[i] > 0 {
			back = i
			break
		}
	}
	fence := 0
	for q := 7; q < back; q++ {
		if op[25-q] >= 2 {
			fence = q
			break
		}
	}
	if fence == 0 {
		return 36
	}
	open := func(q int) bool { return q >= 1 && (q > 24 || op[25-q] < 2) }
	n := 0
	for _, roll := range rules.Rolls {
		a, b := roll.Dice[0], roll.Dice[1]
		ok := false
		if a == b {
			for k := 1; k <= 4 && open(back-k*a); k++ {
				ok = ok || back-k*a < fence
			}
		} else {
			for _, d := range []int{a, b} {
				if open(back - d) {
					ok = ok || back-d < fence || open(back-a-b) && back-a-b < fence
				}
			}
		}
		if ok {
			n += roll.Weight
		}
	}
	return n
}
