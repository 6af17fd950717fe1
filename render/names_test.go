package render

import (
	"image"
	"reflect"
	"testing"

	"github.com/fogleman/gg"
)

// TestNameRuns: each letter goes to the first face that has it, and a
// space or a hyphen stays with the letters before it.
func TestNameRuns(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name string
		want []nameRun
	}{
		{"Alice", []nameRun{{0, "Alice"}}},
		{"Дмитрий", []nameRun{{0, "Дмитрий"}}},
		{"ნიკა-გელა", []nameRun{{1, "ნიკა-გელა"}}},
		{"Արամ", []nameRun{{2, "Արամ"}}},
		{"Արամ Smith", []nameRun{{2, "Արամ "}, {0, "Smith"}}},
		{"ნიკა Արամ", []nameRun{{1, "ნიკა "}, {2, "Արամ"}}},
	} {
		if got := nameRuns([]rune(c.name)); !reflect.DeepEqual(got, c.want) {
			t.Errorf("nameRuns(%q) = %+v, want %+v", c.name, got, c.want)
		}
	}
}

// nameInk draws name as the first name of a one-pair bracket and returns
// the palette indices of its row, inside the box's edges.
func nameInk(t *testing.T, name string) *image.Paletted {
	t.Helper()
	img, err := BracketImage(BracketView{Total: 1, Rounds: [][]BracketPair{{{A: name, B: "Bob"}}}})
	if err != nil {
		t.Fatal(err)
	}
	top := bMargin + bSlotH/2 - bRowH
	return img.SubImage(image.Rect(bMargin+12, top+2, bMargin+bBoxW-8, top+bRowH-2)).(*image.Paletted)
}

// samePixels tells whether two pictures of one size have the same
// palette indices, and counts the pixels of a that are not ground.
func samePixels(a, b *image.Paletted, ground uint8) (same bool, ink int) {
	same = a.Rect.Size() == b.Rect.Size()
	for y := 0; y < a.Rect.Dy(); y++ {
		for x := 0; x < a.Rect.Dx(); x++ {
			p := a.ColorIndexAt(a.Rect.Min.X+x, a.Rect.Min.Y+y)
			if p != ground {
				ink++
			}
			if same && p != b.ColorIndexAt(b.Rect.Min.X+x, b.Rect.Min.Y+y) {
				same = false
			}
		}
	}
	return same, ink
}

// TestTournamentGeorgianArmenianNames: a Georgian and an Armenian name
// are drawn in their Noto faces, letter for letter as those faces draw
// them, and not as Go Bold's boxes.
func TestTournamentGeorgianArmenianNames(t *testing.T) {
	t.Parallel()
	ground := uint8(tPalette.Index(colorOf(tBox)))
	for _, c := range []struct {
		name string
		font int // in nameFonts; -1 for a name of two scripts
	}{{"ნიკა", 1}, {"Արամ", 2}, {"ნიკა Արամ", -1}} {
		got := nameInk(t, c.name)

		// The name drawn directly on the box's ground: in its Noto
		// face, and in Go Bold.
		draw := func(f int) *image.Paletted {
			faces := newNameFaces(tFont)
			defer faces.Close()
			rgba := image.NewRGBA(image.Rect(0, 0, bBoxW, bRowH))
			dc := gg.NewContextForRGBA(rgba)
			dc.SetColor(colorOf(tBox))
			dc.Clear()
			dc.SetColor(colorOf(tText))
			dc.SetFontFace(faces[0])
			y := bRowH/2 + 0.35*dc.FontHeight()
			runs := []nameRun{{f, c.name}}
			if f < 0 { // a mixed name, run by run
				runs = nameRuns([]rune(c.name))
			}
			drawRuns(dc, faces, runs, 18, y)
			out := toTournamentPalette(rgba)
			return out.SubImage(image.Rect(12, 2, bBoxW-8, bRowH-2)).(*image.Paletted)
		}
		same, ink := samePixels(got, draw(c.font), ground)
		if ink < 100 {
			t.Errorf("%q: %d pixels of ink, want a name's worth", c.name, ink)
		}
		if !same {
			t.Errorf("%q is not drawn as its Noto face draws it", c.name)
		}
		if same, _ := samePixels(got, draw(0), ground); same {
			t.Errorf("%q is drawn as Go Bold's boxes", c.name)
		}
	}
	// The pictures stay small with such names.
	first := make([]BracketPair, 16)
	for i := range first {
		first[i] = BracketPair{A: "ნიკა გელაშვილი " + string(rune('ა'+i)), B: "Արամ Պետրոսյան " + string(rune('Ա'+i)), Winner: 1 + i%2}
	}
	b, err := Bracket(BracketView{Total: 5, Rounds: [][]BracketPair{first}})
	if err != nil {
		t.Fatal(err)
	}
	if len(b) > 60<<10 {
		t.Errorf("PNG of %d bytes, want at most 60 KB", len(b))
	}
}
