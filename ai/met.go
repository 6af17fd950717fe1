package ai

import "sync"

// The match equity table is computed here, not copied: a game is won by
// either side with even chances, a win is a mars (gammon) with the rate
// metMars, and the cube is left out before the Crawford game (a "dead
// cube" table). After the Crawford game the trailer doubles at once and
// the leader takes, so each game is worth two points to the trailer. At
// 1-away/2-away Crawford it gives the trailer 31.3% (published tables give
// about 32%, a figure quoted from memory, not checked here). It is a first
// model, to be replaced by one that plays the cube.
const (
	metMars = 0.25
	metMax  = 64 // the longest match (and cube) it covers
)

var (
	metOnce  sync.Once
	metTable [metMax + 1][metMax + 1]float64 // [a-away][b-away] -> chance of the a-away side
	metCraw  [metMax + 1]float64             // Crawford game: a-away trailer against 1-away
	metPost  [metMax + 1]float64             // after it
)

// buildMET fills the tables.
func buildMET() {
	post := func(a int) float64 {
		if a <= 0 {
			return 1
		}
		return metPost[a]
	}
	metPost[1] = 0.5
	for a := 2; a <= metMax; a++ {
		// Doubled at once: a win brings the trailer 2 (or 4) closer.
		metPost[a] = 0.5 * ((1-metMars)*post(a-2) + metMars*post(a-4))
	}
	for a := 1; a <= metMax; a++ {
		metCraw[a] = 0.5 * ((1-metMars)*post(a-1) + metMars*post(a-2))
	}
	for a := 1; a <= metMax; a++ {
		for b := 1; b <= metMax; b++ {
			switch {
			case a == 1 && b == 1:
				metTable[a][b] = 0.5
			case a == 1:
				metTable[a][b] = 1 - metCraw[b]
			case b == 1:
				metTable[a][b] = metCraw[a]
			default:
				metTable[a][b] = 0.5*((1-metMars)*metAt(a-1, b)+metMars*metAt(a-2, b)) +
					0.5*((1-metMars)*metAt(a, b-1)+metMars*metAt(a, b-2))
			}
		}
	}
}

// metAt reads the table as it is being filled (no Crawford subtleties).
func metAt(a, b int) float64 {
	switch {
	case a <= 0:
		return 1
	case b <= 0:
		return 0
	}
	return metTable[a][b]
}

// met returns the chance of winning the match of a side a points away
// against one b points away (a side at 0 or below has won), at the start
// of a game; postCrawford marks the games after the Crawford game, for
// scores where one side is 1-away.
func met(a, b int, postCrawford bool) float64 {
	metOnce.Do(buildMET)
	switch {
	case a <= 0:
		return 1
	case b <= 0:
		return 0
	}
	a, b = min(a, metMax), min(b, metMax)
	if postCrawford {
		switch {
		case a == 1 && b > 1:
			return 1 - metPost[b]
		case b == 1 && a > 1:
			return metPost[a]
		}
	}
	return metTable[a][b]
}

// matchCube decides a cube in a match: Janowski's model applied to
// normalised match equities, where a win of one, two or three times the
// cube is worth what the table says it is against a win of the cube's
// value (so gammons weigh as the score makes them weigh). The equity
// after a take is worked out at twice the cube and brought back to the
// current cube's scale through the match winning chances.
func matchCube(pr Probs, cs CubeState) CubeDecision {
	a, b := cs.MatchLength-cs.Score[0], cs.MatchLength-cs.Score[1]
	post := !cs.Crawford && (a == 1 || b == 1)
	p := float64(pr[OutWin])
	wins := [3]float64{p - float64(pr[OutWinMars]), float64(pr[OutWinMars] - pr[OutWinKoks]), float64(pr[OutWinKoks])}
	losses := [3]float64{1 - p - float64(pr[OutLoseMars]), float64(pr[OutLoseMars] - pr[OutLoseKoks]), float64(pr[OutLoseKoks])}
	ends := func(k int) (w, l float64) { return met(a-k, b, post), met(a, b-k, post) }
	norm := func(m float64, k int) float64 {
		w, l := ends(k)
		if w-l < 1e-9 {
			return 0
		}
		return (2*m - w - l) / (w - l)
	}
	// at returns the cubeful normalised equity at cube k with an owner.
	at := func(k, owner int) float64 {
		var w, l float64
		for j := range 3 {
			w += wins[j] * norm(met(a-(j+1)*k, b, post), k)
			l -= losses[j] * norm(met(a, b-(j+1)*k, post), k)
		}
		if p > 1e-7 {
			w /= p
		} else {
			w = 1
		}
		if p < 1-1e-7 {
			l /= 1 - p
		} else {
			l = 1
		}
		return janowski(p, w, l, owner)
	}
	c := cs.Cube
	e2 := at(2*c, 1)
	w2, l2 := ends(2 * c)
	dt := norm((e2*(w2-l2)+w2+l2)/2, c)
	return CubeDecision{ND: at(c, cs.Owner), DT: dt, DP: 1}
}
