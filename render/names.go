package render

import (
	_ "embed"
	"fmt"

	"github.com/fogleman/gg"
	"golang.org/x/image/font"
	"golang.org/x/image/font/opentype"
)

// The typefaces of the scripts Go Bold lacks, from Noto (see
// fonts/README.md).
var (
	//go:embed fonts/NotoSansGeorgian-Bold.ttf
	notoGeorgianTTF []byte
	//go:embed fonts/NotoSansArmenian-Bold.ttf
	notoArmenianTTF []byte
)

// nameFonts are the typefaces players' names are written in, in order of
// preference: Go Bold first, then those that have the letters it lacks.
// Each is parsed once; an *opentype.Font is safe to share.
var nameFonts = func() []*opentype.Font {
	fs := []*opentype.Font{goBold}
	for _, ttf := range [][]byte{notoGeorgianTTF, notoArmenianTTF} {
		f, err := opentype.Parse(ttf)
		if err != nil {
			panic(fmt.Sprintf("render: parse an embedded font: %v", err))
		}
		fs = append(fs, f)
	}
	return fs
}()

// hasGlyph tells whether f has a glyph of its own for r (not the
// missing letter's box).
func hasGlyph(f *opentype.Font, r rune) bool {
	i, err := f.GlyphIndex(nil, r) // a nil buffer keeps this safe to share
	return err == nil && i != 0
}

// nameFaces are the faces of nameFonts at one size, made for one drawing
// and closed after it: a font.Face is not safe for concurrent use.
type nameFaces []font.Face

// newNameFaces makes the faces of every name font at size pixels.
func newNameFaces(size float64) nameFaces {
	fs := make(nameFaces, len(nameFonts))
	for i, f := range nameFonts {
		face, err := opentype.NewFace(f, &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingFull})
		if err != nil {
			panic(fmt.Sprintf("render: a name's face at %g px: %v", size, err))
		}
		fs[i] = face
	}
	return fs
}

// Close closes every face.
func (fs nameFaces) Close() {
	for _, f := range fs {
		f.Close()
	}
}

// nameRun is a stretch of a name written in one face.
type nameRun struct {
	face int // index into nameFonts and nameFaces
	text string
}

// nameRuns splits rs into runs of one face each: a letter stays in the
// face of the letters before it when that face has it (so spaces and
// punctuation do not switch faces), else goes to the first face that has
// it, else to Go Bold (which draws a box).
func nameRuns(rs []rune) []nameRun {
	var runs []nameRun
	cur, start := 0, 0
	for i, r := range rs {
		face := cur
		if !hasGlyph(nameFonts[cur], r) {
			face = 0
			for k, f := range nameFonts {
				if hasGlyph(f, r) {
					face = k
					break
				}
			}
		}
		if face != cur && i > start {
			runs = append(runs, nameRun{cur, string(rs[start:i])})
			start = i
		}
		cur = face
	}
	if len(rs) > start {
		runs = append(runs, nameRun{cur, string(rs[start:])})
	}
	return runs
}

// nameWidth is how wide runs are in pixels, each in its own face.
func nameWidth(fs nameFaces, runs []nameRun) float64 {
	w := 0.0
	for _, r := range runs {
		w += float64(font.MeasureString(fs[r.face], r.text)) / 64
	}
	return w
}

// drawRuns writes runs from x on the baseline y, each in its own face,
// and leaves the context with Go Bold's face.
func drawRuns(dc *gg.Context, fs nameFaces, runs []nameRun, x, y float64) {
	for _, r := range runs {
		dc.SetFontFace(fs[r.face])
		dc.DrawString(r.text, x, y)
		x += float64(font.MeasureString(fs[r.face], r.text)) / 64
	}
	dc.SetFontFace(fs[0])
}
