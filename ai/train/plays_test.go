package train

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCompactPart writes a part of candidates as a part of plays in fewer
// bytes, from which ReadPart rebuilds the same samples; candidates that are
// not the rolls of the teacher's part given are refused, nothing written.
func TestCompactPart(t *testing.T) {
	t.Parallel()
	teacher, in := candidateFolder(t, 1)
	dir, cands := filepath.Dir(teacher), filepath.Dir(in)
	out := filepath.Join(cands, "plays-0001.tsv.gz")
	size, err := CompactPart(in, teacher, out)
	if err != nil {
		t.Fatal(err)
	}
	st, err := os.Stat(in)
	if err != nil {
		t.Fatal(err)
	}
	if size*10 > st.Size()*8 {
		t.Errorf("the part of plays has %d bytes, the candidates %d", size, st.Size())
	}
	want, err := ReadPart(in)
	if err != nil {
		t.Fatal(err)
	}
	got, err := ReadPart(out)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(want) || len(want) < 60 {
		t.Fatalf("%d samples read back of %d", len(got), len(want))
	}
	for i := range got {
		if got[i] != want[i] {
			t.Fatalf("sample %d: %+v, want %+v", i, got[i], want[i])
		}
	}
	parts, err := ListCandidates(cands)
	if err != nil {
		t.Fatal(err)
	}
	if len(parts) != 1 || parts[0].Path != out {
		t.Errorf("listed %+v, want the part of plays alone", parts)
	}

	// Part 10's candidates were not drawn from the positions of this
	// teacher's part 10 (a slice of part 3).
	bad := filepath.Join(dir, "plays-0010.tsv.gz")
	if _, err := CompactPart("testdata/cand/cand-0010.tsv.gz", "testdata/teacher-0010.tsv.gz", bad); err == nil {
		t.Error("candidates of other positions were written as plays")
	}
	if _, err := os.Stat(bad); !os.IsNotExist(err) {
		t.Errorf("a refused part left a file: %v", err)
	}
}

// TestReadPlaysRefuses reads nothing from a part of plays whose lines do not
// name a position, a roll and its results.
func TestReadPlaysRefuses(t *testing.T) {
	parent, err := ReadPart("testdata/teacher-0001.tsv.gz")
	if err != nil {
		t.Fatal(err)
	}
	for _, text := range []string{
		"0\t500\t100\t0\t100\t0\n",                       // no roll before
		"@\t0\t31\n999\t500\t100\t0\t100\t0\n",           // no such result
		"@\t0\t71\n0\t500\t100\t0\t100\t0\n",             // no such die
		"@\t5000\t31\n0\t500\t100\t0\t100\t0\n",          // no such position
		"@\t0\t31\n0\t500\t100\t0\n",                     // too few chances
		"# (x1000)\n@\t0\t31\n0\t1500\t100\t0\t100\t0\n", // above 1
	} {
		if got, err := readPlays(strings.NewReader(text), parent); err == nil {
			t.Errorf("%q read as %d samples", text, len(got))
		}
	}
	got, err := readPlays(strings.NewReader("# (x1000)\n@\t0\t31\n0\t500\t100\t0\t100\t0\n1\t400\t100\t0\t100\t0\n"), parent)
	if err != nil || len(got) != 2 || got[0].Probs[0] != 0.5 || got[1].Group != 0 || got[0].Pos == got[1].Pos {
		t.Errorf("a good part read as %+v, %v", got, err)
	}
}

// candidateFolder lays out a dataset in a temporary folder: testdata's
// teacher part 1, and its candidates in cand/ as part number k; it returns
// the teacher's part and the part of candidates.
func candidateFolder(t *testing.T, k int) (teacher, in string) {
	t.Helper()
	dir := t.TempDir()
	teacher = filepath.Join(dir, "teacher-0001.tsv.gz")
	copyFile(t, "testdata/teacher-0001.tsv.gz", teacher)
	if err := os.Mkdir(filepath.Join(dir, "cand"), 0o755); err != nil {
		t.Fatal(err)
	}
	in = filepath.Join(dir, "cand", fmt.Sprintf("cand-%04d.tsv.gz", k))
	copyFile(t, "testdata/cand/cand-0001.tsv.gz", in)
	return teacher, in
}

// copyFile copies the file at from to to.
func copyFile(t *testing.T, from, to string) {
	t.Helper()
	b, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestLatePartGroups reads the groups of a late round's part (K = 30001:
// K·groupsPerPart is beyond an int32) as K·groupsPerPart + G, and writes the
// part as plays, which reads the groups back.
func TestLatePartGroups(t *testing.T) {
	teacher, in := candidateFolder(t, 30001)
	early, err := ReadPart("testdata/cand/cand-0001.tsv.gz")
	if err != nil {
		t.Fatal(err)
	}
	late, err := ReadPart(in)
	if err != nil {
		t.Fatal(err)
	}
	for i := range late {
		if want := early[i].Group + 30000*groupsPerPart; late[i].Group != want {
			t.Fatalf("sample %d: group %d, want %d", i, late[i].Group, want)
		}
	}
	out := filepath.Join(filepath.Dir(in), "plays-30001.tsv.gz")
	if _, err := CompactPart(in, teacher, out); err != nil {
		t.Fatal(err)
	}
	got, err := ReadPart(out)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(late) {
		t.Fatalf("%d samples read back of %d", len(got), len(late))
	}
	for i := range got {
		if got[i] != late[i] {
			t.Fatalf("sample %d: %+v, want %+v", i, got[i], late[i])
		}
	}
}
