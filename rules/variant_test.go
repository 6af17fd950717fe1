package rules

import "testing"

func TestParseVariant(t *testing.T) {
	for _, v := range Variants() {
		got, err := ParseVariant(v.Name())
		if err != nil || got != v {
			t.Errorf("ParseVariant(%q) = %v, %v", v.Name(), got, err)
		}
	}
	if v, err := ParseVariant(""); err != nil || v != Short {
		t.Errorf("default variant %v, %v; want short", v, err)
	}
	if _, err := ParseVariant("long-ish"); err == nil {
		t.Error("an unknown variant was read")
	}
}

func TestShortVariant(t *testing.T) {
	if Short.Start() != Start() {
		t.Error("short nardi does not start from 2-5-3-5")
	}
	// The geometry agrees with Validate: a point may not be held by both
	// sides, and the mover's point i is the opponent's Facing(i).
	for i := 1; i <= Points; i++ {
		var p Position
		p.Mine[i], p.Theirs[Short.Facing(i)] = 1, 1
		p.Normalize()
		if p.Validate() == nil {
			t.Errorf("point %d held by both sides passes Validate", i)
		}
		if Short.Facing(Short.Facing(i)) != i {
			t.Errorf("Facing is not its own inverse at %d", i)
		}
	}
	var won Position
	won.Mine[Off], won.Theirs[Bar], won.Theirs[6] = 15, 1, 14
	if Short.Value(won, OinMars) != Mars || Short.Value(won, WithKoks) != Koks {
		t.Error("short nardi's values under the two scorings")
	}
	turn := Short.NewTurn(Start(), Dice{6, 5}, Nardi, false)
	if len(turn.Plays()) != len(NewTurn(Start(), Dice{6, 5}, Nardi).Plays()) || turn.Length() != 2 {
		t.Error("short nardi's turn differs from the generator's")
	}
}

func TestScoringText(t *testing.T) {
	for _, s := range []Scoring{OinMars, WithKoks} {
		b, _ := s.MarshalText()
		var back Scoring
		if err := back.UnmarshalText(b); err != nil || back != s {
			t.Errorf("%v round-trips to %v, %v", s, back, err)
		}
	}
	for name, want := range map[string]Scoring{"short": OinMars, "classic": WithKoks, "": OinMars} {
		if got, err := ParseScoring(name); err != nil || got != want {
			t.Errorf("ParseScoring(%q) = %v, %v", name, got, err)
		}
	}
	if _, err := ParseScoring("gammon"); err == nil {
		t.Error("an unknown scoring was read")
	}
}
