package render

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"strings"

	"github.com/fogleman/gg"
)

// encodeSmall encodes a tournament's picture as a PNG compressed harder
// than a board's: it is drawn once a round, not once a move, and a large
// bracket must stay small.
func encodeSmall(img *image.Paletted) ([]byte, error) {
	var buf bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestCompression}
	if err := enc.Encode(&buf, img); err != nil {
		return nil, fmt.Errorf("render: encode a tournament's picture: %w", err)
	}
	return buf.Bytes(), nil
}

// BracketView is a knockout as it stands: its rounds left to right, each
// pair a box of two names, the winner of a decided pair in bold colour
// and the loser dimmed; the rounds not yet paired are drawn as empty
// boxes, and the champion, once known, stands in gold at the right. The
// picture holds names and no words: the caption says what it is.
type BracketView struct {
	// Rounds are the pairs of each round so far, in bracket order; the
	// first round has a power of two of pairs (a bye's B is empty), each
	// later round half the one before. A game for third place is not
	// part of the bracket.
	Rounds [][]BracketPair

	// Total is how many rounds the knockout takes: at least len(Rounds).
	Total int
}

// BracketPair is one pair of a bracket: the names of its players, B
// empty for a bye, and Winner 1 when A won (or has the bye), 2 when B
// won, 0 while undecided.
type BracketPair struct {
	A, B   string
	Winner int
}

// MaxBracketRounds is the most rounds a bracket shows: 32 players (a
// larger knockout is drawn from its second round).
const MaxBracketRounds = 5

// StandingsView is the table of a Swiss or a round robin: one row a
// player, best first, with their points, their Buchholz and a square for
// each round (won, lost, a bye, or still to play). The leader, or the
// winner at the end, is highlighted in gold.
type StandingsView struct {
	Rows []StandingsRow

	// Rounds is how many rounds the tournament takes: each row shows
	// that many squares.
	Rounds int

	// Over is true when the tournament has ended: the first row is then
	// its winner.
	Over bool
}

// StandingsRow is one player's line of a standings table.
type StandingsRow struct {
	Name             string
	Points, Buchholz int
	// Results holds one outcome a round so far, in order.
	Results []Outcome
}

// Outcome is what one round gave a player.
type Outcome uint8

// The outcomes of a round.
const (
	OutcomePending Outcome = iota // not decided yet: an empty square
	OutcomeWon                    // a bluish green square
	OutcomeLost                   // a vermillion square
	OutcomeBye                    // a grey square
)

// MaxStandingsRows is the most rows a standings table shows.
const MaxStandingsRows = 64

// Colours of the tournament pictures.
var (
	tBack     = hex("#1f1a16")
	tBox      = hex("#3b2f26")
	tBoxEdge  = hex("#6d5846")
	tText     = hex("#f2e6cf")
	tDim      = hex("#8f8070")
	tGold     = hex("#e6b422")
	tGoldText = hex("#1f1a16")
	tLine     = hex("#8c7a66")
	tByeCol   = hex("#6b6b6b")
)

// tPalette is a tournament picture's palette: its flat colours exactly,
// and two steps between each ink and the grounds it is drawn on for the
// edges of text and lines. Few colours keep a 64 players' bracket small.
var tPalette = func() color.Palette {
	flat := []rgb{tBack, tBox, tBox.scale(0.8), tBoxEdge, tText, tDim, tGold, tGoldText, tLine, tByeCol, luckyCol, mistakeCol, markEdge}
	inks := []rgb{tText, tDim, tGoldText, tLine, tBoxEdge, tGold, markEdge}
	grounds := []rgb{tBack, tBox, tBox.scale(0.8), tGold}
	var pal color.Palette
	for _, c := range flat {
		pal = append(pal, colorOf(c))
	}
	for _, ink := range inks {
		for _, g := range grounds {
			if ink != g {
				pal = append(pal, colorOf(mix(g, ink, 1.0/3)), colorOf(mix(g, ink, 2.0/3)))
			}
		}
	}
	return pal
}()

// toTournamentPalette maps a picture onto tPalette, each pixel to the
// nearest colour.
func toTournamentPalette(img *image.RGBA) *image.Paletted {
	out := image.NewPaletted(img.Rect, tPalette)
	memo := map[uint32]uint8{}
	for i := range out.Pix {
		q := img.Pix[4*i : 4*i+3]
		k := uint32(q[0])<<16 | uint32(q[1])<<8 | uint32(q[2])
		idx, ok := memo[k]
		if !ok {
			idx = uint8(tPalette.Index(color.NRGBA{q[0], q[1], q[2], 255}))
			memo[k] = idx
		}
		out.Pix[i] = idx
	}
	return out
}

// Sizes of a bracket, in pixels.
const (
	bColW   = 300 // a round's column, box and gap
	bBoxW   = 250
	bRowH   = 38 // one name's row in a box
	bSlotH  = 2*bRowH + 16
	bMargin = 24
	tFont   = 24
)

// checkBracket rejects brackets that cannot be drawn.
func checkBracket(v *BracketView) error {
	if len(v.Rounds) == 0 || v.Total < len(v.Rounds) || v.Total > MaxBracketRounds {
		return fmt.Errorf("render: a bracket of %d rounds of %d, want 1..%d", len(v.Rounds), v.Total, MaxBracketRounds)
	}
	if want := 1 << (v.Total - 1); len(v.Rounds[0]) != want {
		return fmt.Errorf("render: a first round of %d pairs, want %d", len(v.Rounds[0]), want)
	}
	for r := 1; r < len(v.Rounds); r++ {
		if len(v.Rounds[r]) != len(v.Rounds[r-1])/2 {
			return fmt.Errorf("render: round %d has %d pairs after %d", r+1, len(v.Rounds[r]), len(v.Rounds[r-1]))
		}
	}
	for _, round := range v.Rounds {
		for _, p := range round {
			if p.Winner < 0 || p.Winner > 2 || (p.B == "" && p.Winner == 2) {
				return fmt.Errorf("render: a pair %q–%q won by %d", p.A, p.B, p.Winner)
			}
		}
	}
	return nil
}

// BracketSize returns the width and height in pixels of a bracket's
// picture.
func BracketSize(v BracketView) (w, h int) {
	total := max(v.Total, 1)
	return 2*bMargin + total*bColW + bBoxW, 2*bMargin + (1<<(total-1))*bSlotH
}

// tournamentCanvas starts a tournament's picture of w×h, cleared to its
// background, with name faces of its own (a face is not safe to share),
// which the caller closes; the context draws in Go Bold.
func tournamentCanvas(w, h int) (*image.RGBA, *gg.Context, nameFaces) {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	dc := gg.NewContextForRGBA(img)
	faces := newNameFaces(tFont)
	dc.SetFontFace(faces[0])
	dc.SetColor(colorOf(tBack))
	dc.Clear()
	return img, dc, faces
}

// Bracket draws a knockout's bracket and returns it encoded as a PNG of
// BracketSize. It is safe for concurrent use by many goroutines.
func Bracket(v BracketView) ([]byte, error) {
	img, err := BracketImage(v)
	if err != nil {
		return nil, err
	}
	return encodeSmall(img)
}

// BracketImage is Bracket without the encoding: the picture, new and
// belonging to the caller.
func BracketImage(v BracketView) (*image.Paletted, error) {
	if err := checkBracket(&v); err != nil {
		return nil, err
	}
	img, dc, faces := tournamentCanvas(BracketSize(v))
	defer faces.Close()

	// centre is the middle of pair i of round r, top to bottom.
	centre := func(r, i int) (x, y float64) {
		span := float64(int(bSlotH) << r)
		return float64(bMargin + r*bColW), float64(bMargin) + span*(float64(i)+0.5)
	}
	champion := ""
	for r := range v.Total {
		n := 1 << (v.Total - 1 - r)
		for i := range n {
			x, y := centre(r, i)
			var p BracketPair
			if r < len(v.Rounds) {
				p = v.Rounds[r][i]
			}
			if r+1 < v.Total {
				// The line to the pair of the next round.
				nx, ny := centre(r+1, i/2)
				dc.SetColor(colorOf(tLine))
				dc.SetLineWidth(3)
				mid := x + bBoxW + float64(bColW-bBoxW)/2
				dc.MoveTo(x+bBoxW, y)
				dc.LineTo(mid, y)
				dc.LineTo(mid, ny)
				dc.LineTo(nx, ny)
				dc.Stroke()
			} else if p.Winner != 0 {
				champion = p.A
				if p.Winner == 2 {
					champion = p.B
				}
			}
			drawPair(dc, faces, x, y, p, r < len(v.Rounds))
		}
	}
	if champion != "" {
		fx, y := centre(v.Total-1, 0)
		x := float64(bMargin + v.Total*bColW)
		dc.SetColor(colorOf(tGold))
		dc.SetLineWidth(4)
		dc.DrawLine(fx+bBoxW, y, x, y)
		dc.Stroke()
		dc.DrawRoundedRectangle(x, y-bRowH/2-6, bBoxW, bRowH+12, 10)
		dc.Fill()
		dc.SetColor(colorOf(tGoldText))
		drawName(dc, faces, champion, x+16, y, bBoxW-32)
	}
	return toTournamentPalette(img), nil
}

// drawPair draws a pair's box centred on y from x: two rows, the winner
// gold-edged and bright, the loser dimmed, an undecided pair plain; a
// pair not yet paired (known false) empty.
func drawPair(dc *gg.Context, fs nameFaces, x, y float64, p BracketPair, known bool) {
	top := y - bRowH
	dc.SetColor(colorOf(tBoxEdge))
	dc.DrawRoundedRectangle(x-2, top-2, bBoxW+4, 2*bRowH+4, 8)
	dc.Fill()
	dc.SetColor(colorOf(tBox))
	dc.DrawRoundedRectangle(x, top, bBoxW, 2*bRowH, 7)
	dc.Fill()
	dc.SetColor(colorOf(tBoxEdge))
	dc.SetLineWidth(2)
	dc.DrawLine(x+6, y, x+bBoxW-6, y)
	dc.Stroke()
	if !known {
		return
	}
	for k, name := range []string{p.A, p.B} {
		ry := top + float64(k)*bRowH
		col := tText
		switch {
		case p.Winner == k+1:
			dc.SetColor(colorOf(tGold))
			dc.DrawRectangle(x, ry+4, 8, bRowH-8)
			dc.Fill()
		case p.Winner != 0:
			col = tDim
		}
		if name == "" {
			name, col = "—", tDim
		}
		dc.SetColor(colorOf(col))
		drawName(dc, fs, name, x+18, ry+bRowH/2, bBoxW-30)
	}
}

// drawName writes a name from x, centred on y, cut short with an
// ellipsis to fit in width. Its letters are drawn in the first of the
// name faces fs that has them, run by run; dc is left with fs[0], Go
// Bold, whose height places the name whatever its faces.
func drawName(dc *gg.Context, fs nameFaces, name string, x, y, width float64) {
	rs := []rune(strings.Join(strings.Fields(name), " "))
	runs := nameRuns(rs)
	if nameWidth(fs, runs) > width {
		for len(rs) > 1 {
			rs = rs[:len(rs)-1]
			runs = nameRuns(append(rs[:len(rs):len(rs)], '…'))
			if nameWidth(fs, runs) <= width {
				break
			}
		}
	}
	dc.SetFontFace(fs[0])
	drawRuns(dc, fs, runs, x, y+0.35*dc.FontHeight())
}

// Sizes of a standings table, in pixels.
const (
	sRowH   = 48
	sPlaceW = 56
	sNameW  = 340
	sNumW   = 80
	sSquare = 26
	sSqGap  = 8
)

// StandingsSize returns the width and height in pixels of a standings
// table's picture.
func StandingsSize(v StandingsView) (w, h int) {
	rounds := max(v.Rounds, 1)
	return 2*bMargin + sPlaceW + sNameW + 2*sNumW + rounds*(sSquare+sSqGap) + sSqGap, 2*bMargin + max(len(v.Rows), 1)*sRowH
}

// checkStandings rejects tables that cannot be drawn.
func checkStandings(v *StandingsView) error {
	if len(v.Rows) == 0 || len(v.Rows) > MaxStandingsRows || v.Rounds < 1 || v.Rounds > MaxStandingsRows {
		return fmt.Errorf("render: a table of %d rows and %d rounds, want 1..%d of each", len(v.Rows), v.Rounds, MaxStandingsRows)
	}
	for _, r := range v.Rows {
		if len(r.Results) > v.Rounds {
			return fmt.Errorf("render: %q has %d results of %d rounds", r.Name, len(r.Results), v.Rounds)
		}
		for _, o := range r.Results {
			if o > OutcomeBye {
				return fmt.Errorf("render: bad outcome %d", o)
			}
		}
	}
	return nil
}

// Standings draws a Swiss's or a round robin's table and returns it
// encoded as a PNG of StandingsSize. It is safe for concurrent use by
// many goroutines.
func Standings(v StandingsView) ([]byte, error) {
	img, err := StandingsImage(v)
	if err != nil {
		return nil, err
	}
	return encodeSmall(img)
}

// StandingsImage is Standings without the encoding: the picture, new and
// belonging to the caller.
func StandingsImage(v StandingsView) (*image.Paletted, error) {
	if err := checkStandings(&v); err != nil {
		return nil, err
	}
	img, dc, faces := tournamentCanvas(StandingsSize(v))
	defer faces.Close()
	for i, r := range v.Rows {
		y := float64(bMargin + i*sRowH)
		mid := y + sRowH/2
		x := float64(bMargin)
		text, back := tText, tBox
		if i%2 == 1 {
			back = tBox.scale(0.8)
		}
		if i == 0 {
			text, back = tGoldText, tGold
		}
		dc.SetColor(colorOf(back))
		dc.DrawRectangle(x, y+2, float64(img.Rect.Dx()-2*bMargin), sRowH-4)
		dc.Fill()
		dc.SetColor(colorOf(text))
		dc.DrawStringAnchored(fmt.Sprint(i+1), x+sPlaceW-16, mid, 1, 0.35)
		x += sPlaceW
		drawName(dc, faces, r.Name, x, mid, sNameW-16)
		x += sNameW
		dc.DrawStringAnchored(fmt.Sprint(r.Points), x+sNumW-24, mid, 1, 0.35)
		x += sNumW
		if i != 0 {
			dc.SetColor(colorOf(tDim))
		}
		dc.DrawStringAnchored(fmt.Sprintf("(%d)", r.Buchholz), x+sNumW-16, mid, 1, 0.35)
		x += sNumW + sSqGap
		for k := range v.Rounds {
			o := OutcomePending
			if k < len(r.Results) {
				o = r.Results[k]
			}
			drawOutcome(dc, o, x+float64(k*(sSquare+sSqGap)), math.Round(mid-sSquare/2))
		}
	}
	return toTournamentPalette(img), nil
}

// drawOutcome draws a round's square at (x, y): filled for a result, an
// outline while pending.
func drawOutcome(dc *gg.Context, o Outcome, x, y float64) {
	dc.SetColor(colorOf(markEdge))
	dc.DrawRoundedRectangle(x-2, y-2, sSquare+4, sSquare+4, 6)
	dc.Fill()
	col := [...]rgb{OutcomePending: tBox, OutcomeWon: luckyCol, OutcomeLost: mistakeCol, OutcomeBye: tByeCol}[o]
	dc.SetColor(colorOf(col))
	dc.DrawRoundedRectangle(x, y, sSquare, sSquare, 5)
	dc.Fill()
	if o == OutcomePending {
		dc.SetColor(colorOf(tLine))
		dc.SetLineWidth(2)
		dc.DrawRoundedRectangle(x+1, y+1, sSquare-2, sSquare-2, 5)
		dc.Stroke()
	}
}
