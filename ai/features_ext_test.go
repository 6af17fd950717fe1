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
