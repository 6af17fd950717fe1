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

// matchCube decides a cube in a match from the cubeless chances: the
// match equities with a live cube (matchSide.equity), in which the take
// and cash points follow the score and the cube's level and a cube is
// dead for a side that needs no more points than it is worth, written as
// gnubg writes them, normalised so that a pass is +1 and a loss of the
// cube's points −1. On the judged set this took the match decisions from
// doubler 2.29, taker 0.93 (Janowski's money formulas on normalised match
// equities) to 1.38, 0.15, and with the live equity rising beyond the
// cash points (too good to double) to 0.80, 0.15.
func matchCube(pr Probs, cs CubeState) CubeDecision {
	a, b := cs.MatchLength-cs.Score[0], cs.MatchLength-cs.Score[1]
	me := matchSide{away: a, oppAway: b, post: !cs.Crawford && (a == 1 || b == 1)}
	p := float64(pr[OutWin])
	wins := [3]float64{p - float64(pr[OutWinMars]), float64(pr[OutWinMars] - pr[OutWinKoks]), float64(pr[OutWinKoks])}
	losses := [3]float64{1 - p - float64(pr[OutLoseMars]), float64(pr[OutLoseMars] - pr[OutLoseKoks]), float64(pr[OutLoseKoks])}
	me.win, me.lose = split(wins, p), split(losses, 1-p)
	c := cs.Cube
	w, l := me.mwc(a-c, b), me.mwc(a, b-c)
	norm := func(m float64) float64 {
		if w-l < 1e-9 {
			return 0
		}
		return (2*m - w - l) / (w - l)
	}
	return CubeDecision{ND: norm(me.equity(p, c, cs.Owner)), DT: norm(me.equity(p, 2*c, 1)), DP: 1}
}

// split returns the shares of single, mars and koks among outcomes of
// chance total (all singles when the chance is nil).
func split(parts [3]float64, total float64) [3]float64 {
	if total < 1e-7 {
		return [3]float64{1, 0, 0}
	}
	for j := range parts {
		parts[j] = max(0, parts[j]/total)
	}
	return parts
}
