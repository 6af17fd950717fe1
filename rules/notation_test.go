package rules

import "testing"

// TestNotationRoundTrip writes every legal play of every vector position
// and reads it back: it must name the same play. Under the race detector,
// which slows it tenfold, every 4th position.
func TestNotationRoundTrip(t *testing.T) {
	t.Parallel()
	vs := loadVectors(t, "rules-random.jsonl.gz")
	every := 1
	if raceEnabled || testing.Short() {
		every = 4
	}
	same, total := 0, 0
	for k, v := range vs {
		if k%every != 0 {
			continue
		}
		p, _ := ParsePositionID(v.Pos)
		plays, results := LegalPlays(p, v.Dice, Standard)
		gnubg := map[string]string{}
		for _, gp := range v.Plays {
			gnubg[gp.Result] = gp.Move
		}
		for i, pl := range plays {
			text := pl.String()
			back, err := ParsePlay(p, v.Dice, text, Standard)
			if err != nil {
				t.Fatalf("%s %v: %q: %v", v.Pos, v.Dice, text, err)
			}
			if p.ApplyPlay(back) != results[i] {
				t.Fatalf("%s %v: %q read back as %q", v.Pos, v.Dice, text, back)
			}
			// gnubg's own notation must read as the same play too.
			id := results[i].PositionID()
			g, err := ParsePlay(p, v.Dice, gnubg[id], Standard)
			if err != nil || p.ApplyPlay(g) != results[i] {
				t.Fatalf("%s %v: gnubg's %q: %v", v.Pos, v.Dice, gnubg[id], err)
			}
			total++
			if gnubg[id] == text {
				same++
			}
		}
	}
	t.Logf("%d of %d plays written exactly as gnubg writes them", same, total)
}

func TestParseStep(t *testing.T) {
	for _, s := range []Step{{From: 13, To: 7}, {From: 24, To: 18, Hit: true}, {From: Bar, To: 22}, {From: 6, To: Off}} {
		back, err := ParseStep(s.String())
		if err != nil || back != s {
			t.Errorf("%q read back as %v, %v", s, back, err)
		}
	}
	for _, bad := range []string{"", "13", "7/13", "13/7 8/2", "13/7/1", "26/20", "13-7", "25/20", "bar/0", "6/off*", "x/3", "07/3"} {
		if _, err := ParseStep(bad); err == nil {
			t.Errorf("%q was accepted", bad)
		}
	}
}
