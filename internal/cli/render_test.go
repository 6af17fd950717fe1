package cli

import (
	"bytes"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"nardi/render"
)

func TestRenderCommand(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	out := filepath.Join(dir, "board.png")
	var stdout, stderr bytes.Buffer
	args := []string{"--pos", "4HPwATDgc/ABMA", "--dice", "65", "--home", "left", "--portrait", "--out", out}
	if code := cmdRender(args, nil, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	checkPNG(t, out, true)
}

func TestRenderBatch(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "boards")
	in := "4HPwATDgc/ABMA 6 5\n\nxGfwASTgc/ABMA 4 1\n"
	var stdout, stderr bytes.Buffer
	if code := cmdRender([]string{"--out-dir", dir}, strings.NewReader(in), &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	for _, name := range []string{"1.png", "2.png"} {
		checkPNG(t, filepath.Join(dir, name), false)
	}
	if _, err := os.Stat(filepath.Join(dir, "3.png")); err == nil {
		t.Error("3.png written for two boards")
	}

	stderr.Reset()
	if code := cmdRender([]string{"--out-dir", dir}, strings.NewReader("4HPwATDgc/ABMA 6 5\nnonsense\n"), &stdout, &stderr); code != 1 || !strings.Contains(stderr.String(), "line 2") {
		t.Errorf("bad line: exit %d, stderr %q", code, stderr.String())
	}
}

func TestRenderUsage(t *testing.T) {
	for _, args := range [][]string{
		{},
		{"--pos", "4HPwATDgc/ABMA"},
		{"--out", "x.png"},
		{"--pos", "4HPwATDgc/ABMA", "--dice", "70", "--out", "x.png"},
		{"--pos", "4HPwATDgc/ABMA", "--home", "up", "--out", "x.png"},
		{"--pos", "not an id", "--out", "x.png"},
		{"--out", "x.png", "--out-dir", "d"},
		{"--out-dir", "d", "--pos", "4HPwATDgc/ABMA"},
		{"--no-such-flag"},
		{"--out", "x.png", "--pos", "4HPwATDgc/ABMA", "extra"},
	} {
		var stdout, stderr bytes.Buffer
		if code := cmdRender(args, nil, &stdout, &stderr); code != 2 || stderr.Len() == 0 {
			t.Errorf("%q: exit %d, stderr %q", args, code, stderr.String())
		}
	}
}

func checkPNG(t *testing.T, path string, portrait bool) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	w, h := render.Size(portrait)
	if b := img.Bounds(); b.Dx() != w || b.Dy() != h {
		t.Errorf("%s: %v, want %dx%d", path, b, w, h)
	}
}
