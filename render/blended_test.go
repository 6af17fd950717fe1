package render

import (
	"bytes"
	"image"
	"testing"
)

// TestBlendedSamePixels checks that boards whose sprites come from the
// backgrounds' caches have the pixels of boards drawn without them, in
// all four layouts: each view is drawn twice, the second time from what
// the first kept.
func TestBlendedSamePixels(t *testing.T) {
	t.Parallel()
	for i, v := range benchViews(t, 40) {
		v.Portrait = i%2 == 0
		v.HomeLeft = i%4 < 2
		lay := layoutFor(v.Portrait, v.HomeLeft)
		bg := background(lay)
		want := image.NewPaletted(bg.img.Rect, bg.img.Palette)
		copy(want.Pix, bg.img.Pix)
		a := theAssets()
		drawDynamic(&palCanvas{img: want, assets: a}, lay, bg.tri, a, &v)
		for range 2 {
			got, err := Image(v)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got.Pix, want.Pix) {
				t.Fatalf("board %d differs from the one drawn without the caches", i)
			}
		}
	}
}
