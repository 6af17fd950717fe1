package ai

import (
	"bufio"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"os"

	"nardi/rules"
)

// JudgedPosition is one position of a judged set: the legal plays with the
// judge's equity of each, keyed by the result's Position ID.
type JudgedPosition struct {
	Pos     rules.Position
	ID      string
	Dice    rules.Dice
	Equity  map[string]float64 // result Position ID -> equity for the mover
	BestEq  float64
	Choices int
}

// LoadJudged reads a gzip JSON-lines file of judged positions (the format
// of GNU Backgammon's vectors: pos, dice, plays with result and equity).
func LoadJudged(path string) ([]JudgedPosition, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("open judged set: %w", err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		return nil, fmt.Errorf("read judged set %s: %w", path, err)
	}
	return readJudged(zr)
}

func readJudged(r io.Reader) ([]JudgedPosition, error) {
	var out []JudgedPosition
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		var v struct {
			Pos   string     `json:"pos"`
			Dice  rules.Dice `json:"dice"`
			Plays []struct {
				Result string  `json:"result"`
				Equity float64 `json:"equity"`
			} `json:"plays"`
		}
		if err := json.Unmarshal(sc.Bytes(), &v); err != nil {
			return nil, fmt.Errorf("judged set: %w", err)
		}
		p, err := rules.ParsePositionID(v.Pos)
		if err != nil {
			return nil, fmt.Errorf("judged set: %w", err)
		}
		jp := JudgedPosition{Pos: p, ID: v.Pos, Dice: v.Dice, Equity: map[string]float64{}, Choices: len(v.Plays)}
		for i, pl := range v.Plays {
			jp.Equity[pl.Result] = pl.Equity
			if i == 0 || pl.Equity > jp.BestEq {
				jp.BestEq = pl.Equity
			}
		}
		out = append(out, jp)
	}
	return out, sc.Err()
}

// PR returns the judge's figure for a way of choosing plays: the mean
// equity lost per decision with two or more plays, times 500. choose gets
// the position and dice and returns the result it plays to.
func PR(set []JudgedPosition, choose func(p rules.Position, d rules.Dice) rules.Position) (float64, error) {
	total, n := 0.0, 0
	for _, jp := range set {
		if jp.Choices < 2 {
			continue
		}
		r := choose(jp.Pos, jp.Dice)
		eq, ok := jp.Equity[r.PositionID()]
		if !ok {
			return 0, fmt.Errorf("position %s %v: the chosen result %s is not a legal play", jp.ID, jp.Dice, r.PositionID())
		}
		total += jp.BestEq - eq
		n++
	}
	if n == 0 {
		return 0, fmt.Errorf("no decisions to judge")
	}
	return total / float64(n) * 500, nil
}
