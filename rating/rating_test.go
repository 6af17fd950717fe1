package rating

import (
	"math"
	"testing"
)

// TestFIBS: the formula's known values: equal players in a single game
// move by 2 (experienced), 10 when new; a favourite gains less than an
// underdog; longer matches move more; the chances add up to one.
func TestFIBS(t *testing.T) {
	if g, l := Change(1500, 1500, 1000, 1000, 1); math.Abs(g-2) > 1e-9 || math.Abs(l-2) > 1e-9 {
		t.Errorf("equal, single game: %v %v", g, l)
	}
	if g, _ := Change(1500, 1500, 0, 1000, 1); math.Abs(g-10) > 1e-9 {
		t.Errorf("a new player's first win: %v", g)
	}
	fav, _ := Change(1800, 1500, 1000, 1000, 1)
	dog, _ := Change(1500, 1800, 1000, 1000, 1)
	if !(fav < 2 && dog > 2 && math.Abs(fav+dog-4) < 1e-9) {
		t.Errorf("favourite %v, underdog %v", fav, dog)
	}
	if five, _ := Change(1500, 1500, 1000, 1000, 5); math.Abs(five-2*math.Sqrt(5)) > 1e-9 {
		t.Errorf("a 5-point match: %v", five)
	}
	if s := WinChance(1700, 1500, 3) + WinChance(1500, 1700, 3); math.Abs(s-1) > 1e-12 {
		t.Errorf("chances add up to %v", s)
	}
	// FIBS's own example: 200 points apart, a 1-point match: the underdog
	// wins 1 in 1+10^0.1 (44.3%).
	if p := WinChance(1500, 1700, 1); math.Abs(p-1/(math.Pow(10, 0.1)+1)) > 1e-12 {
		t.Errorf("the underdog's chance %v", p)
	}
}
