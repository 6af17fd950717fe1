package rules

import "testing"

func TestValue(t *testing.T) {
	var won Position
	won.Mine[Off] = 15
	cases := []struct {
		name    string
		theirs  map[int]int8
		scoring Scoring
		want    int
	}{
		{"oin", map[int]int8{Off: 1, 6: 14}, WithKoks, Oin},
		{"mars", map[int]int8{6: 15}, WithKoks, Mars},
		{"mars without koks rule", map[int]int8{20: 1, 6: 14}, OinMars, Mars},
		{"koks in winner's home", map[int]int8{20: 1, 6: 14}, WithKoks, Koks},
		{"koks on the bar", map[int]int8{Bar: 1, 6: 14}, WithKoks, Koks},
		{"no koks once one is off", map[int]int8{Off: 1, Bar: 1, 6: 13}, WithKoks, Oin},
	}
	for _, c := range cases {
		p := won
		for i, n := range c.theirs {
			p.Theirs[i] = n
		}
		if err := p.Validate(); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if got := p.Value(c.scoring); got != c.want {
			t.Errorf("%s: value %d, want %d", c.name, got, c.want)
		}
	}
	if v := Start().Value(WithKoks); v != 0 {
		t.Errorf("unfinished game has value %d", v)
	}
	if ResignValue(0) != 2 || ResignValue(3) != 1 {
		t.Error("resign values")
	}
}

func TestOpeningRoll(t *testing.T) {
	seq := []int{3, 3, 2, 5}
	i := 0
	starter, d := OpeningRoll(func() int { i++; return seq[i-1] })
	if starter != 1 || d != (Dice{5, 2}) || i != 4 {
		t.Errorf("got starter %d dice %v after %d throws", starter, d, i)
	}
}
