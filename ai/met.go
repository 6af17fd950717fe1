package ai

import (
	_ "embed"
	"encoding/xml"
	"fmt"
	"strconv"
	"strings"
	"sync"
)

// The match equity table is a published one: Neil Kazaross's XG2 table
// (rolled out by eXtreme Gammon to 9 points, by GNU Backgammon to 15,
// extended to 25), as GNU Backgammon distributes it in its
// met/Kazaross-XG2.xml, copied unchanged (with its notice) into
// met/kazaross-xg2.xml. It gives the chance of winning a match at the
// start of a game for every score up to 25-away, before the Crawford
// game and after it.

//go:embed met/kazaross-xg2.xml
var metXML []byte

// metMax is the longest match the table covers; longer ones are read as
// this long.
const metMax = 25

var (
	metOnce sync.Once
	metPre  [metMax][metMax]float64 // [a-away-1][b-away-1] -> chance of the a-away side
	metPost [metMax]float64         // after the Crawford game: [a-away-1] against 1-away
)

// metFile is the part of the XML file read.
type metFile struct {
	Pre  []metRow `xml:"pre-crawford-table>row"`
	Post []metRow `xml:"post-crawford-table>row"`
}

type metRow struct {
	ME []string `xml:"me"`
}

// loadMET reads the embedded table; it panics on a broken file, which
// the tests would show at once.
func loadMET() {
	var f metFile
	if err := xml.Unmarshal(metXML, &f); err != nil {
		panic(fmt.Sprintf("ai: match equity table: %v", err))
	}
	read := func(r metRow, out []float64) {
		if len(r.ME) < len(out) {
			panic(fmt.Sprintf("ai: match equity table: a row of %d", len(r.ME)))
		}
		for i := range out {
			v, err := strconv.ParseFloat(strings.TrimSpace(r.ME[i]), 64)
			if err != nil {
				panic(fmt.Sprintf("ai: match equity table: %v", err))
			}
			out[i] = v
		}
	}
	if len(f.Pre) < metMax || len(f.Post) < 1 {
		panic("ai: match equity table: too few rows")
	}
	for i := range metMax {
		read(f.Pre[i], metPre[i][:])
	}
	read(f.Post[0], metPost[:])
}

// met returns the chance of winning the match of a side a points away
// against one b points away (a side at 0 or below has won), at the start
// of a game; postCrawford marks the games after the Crawford game, for
// scores where one side is 1-away.
func met(a, b int, postCrawford bool) float64 {
	metOnce.Do(loadMET)
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
			return 1 - metPost[b-1]
		case b == 1 && a > 1:
			return metPost[a-1]
		}
	}
	return metPre[a-1][b-1]
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
