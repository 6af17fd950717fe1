package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"nardi/ai/train/traintest"
)

// TestTeachCommand teaches the main network an epoch on the slice of the
// dataset in ai/train/testdata (part 10 held back), then judges the result
// at 0-ply: the figures are printed, the checkpoints and --out written.
func TestTeachCommand(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	out := filepath.Join(dir, "net.bin")
	var stdout, stderr bytes.Buffer
	args := []string{"teach", "--data", "ai/train/testdata", "--dir", filepath.Join(dir, "ck"), "--out", out, "--epochs", "1", "--batch", "32"}
	if code := run(args, nil, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	for _, want := range []string{"3 parts to train on, 1 held back", "1 candidate parts to train on, 1 held back", "epoch 0 (start)", "epoch 1/1", "train CE", "val |Δequity|", "rank ", "best epoch"} {
		if !strings.Contains(stdout.String(), want) {
			t.Errorf("no %q in:\n%s", want, stdout.String())
		}
	}
	for _, f := range []string{out, filepath.Join(dir, "ck", "best.bin"), filepath.Join(dir, "ck", "epoch-1.bin")} {
		if _, err := os.Stat(f); err != nil {
			t.Error(err)
		}
	}
	// The candidates again, as labelled more deeply: held back, they score
	// the epochs; near the best, they relabel their own plays (all match).
	stdout.Reset()
	cands := filepath.Join("ai", "train", "testdata", "cand")
	deeper := append(args[:len(args):len(args)], "--deep", cands, "--near", cands, "--out", filepath.Join(dir, "deep.bin"))
	if code := run(deeper, nil, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	for _, want := range []string{"2 held back at 2 plies", "1 parts at 2 plies relabel", "deep ", "best epoch"} {
		if !strings.Contains(stdout.String(), want) {
			t.Errorf("no %q in:\n%s", want, stdout.String())
		}
	}
	stdout.Reset()
	if code := run([]string{"teach", "judge", "--net", out, "--levels", "net"}, nil, &stdout, &stderr); code != 0 {
		t.Fatalf("judge: exit %d: %s", code, stderr.String())
	}
	if !strings.HasPrefix(stdout.String(), "PR net ") {
		t.Errorf("judge printed %q", stdout.String())
	}
	stdout.Reset()
	lists := filepath.Join(dir, "lists")
	if code := run([]string{"teach", "candidates", "--data", "ai/train/testdata", "--from", "1", "--to", "2", "--out", lists}, nil, &stdout, &stderr); code != 0 {
		t.Fatalf("candidates: exit %d: %s", code, stderr.String())
	}
	list, err := os.ReadFile(filepath.Join(lists, "cand-0002.list"))
	if err != nil || !strings.HasPrefix(stdout.String(), "part 1: ") || strings.Count(string(list), "\n") < 20 {
		t.Errorf("candidates printed %q, wrote %d bytes (%v)", stdout.String(), len(list), err)
	}
	if code := run([]string{"teach", "--data", filepath.Join(dir, "none"), "--dir", filepath.Join(dir, "ck2")}, nil, &stdout, &stderr); code == 0 {
		t.Error("a missing dataset taught")
	}
}

// TestTeachLong makes two small parts of long nardi's data (part 10 held
// back), teaches the long nardi network an epoch on them, and plays the
// result against the shipped network: the parts, the figures and the
// network are there; a short network is refused as the labeller.
func TestTeachLong(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	data := filepath.Join(dir, "long")
	var stdout, stderr bytes.Buffer
	gen := []string{"teach", "long-data", "--from", "9", "--to", "10", "--positions", "8", "--depth", "1", "--out", data, "--workers", "2"}
	if code := run(gen, nil, &stdout, &stderr); code != 0 {
		t.Fatalf("long-data: exit %d: %s", code, stderr.String())
	}
	for _, f := range []string{"long-0009.tsv.gz", "longcand-0009.tsv.gz", "long-0010.tsv.gz", "longcand-0010.tsv.gz"} {
		if _, err := os.Stat(filepath.Join(data, f)); err != nil {
			t.Error(err)
		}
	}
	out := filepath.Join(dir, "long.bin")
	stdout.Reset()
	args := []string{"teach", "--variant", "long", "--data", data, "--dir", filepath.Join(dir, "ck"), "--out", out, "--epochs", "1", "--batch", "16", "--list", "0.5"}
	if code := run(args, nil, &stdout, &stderr); code != 0 {
		t.Fatalf("teach: exit %d: %s", code, stderr.String())
	}
	for _, want := range []string{"the long nardi network", "2 parts to train on, 1 held back", "epoch 1/1", "rank ", "best epoch"} {
		if !strings.Contains(stdout.String(), want) {
			t.Errorf("no %q in:\n%s", want, stdout.String())
		}
	}
	stdout.Reset()
	if code := run([]string{"selfplay", "--variant", "long", "--games", "2", "--a", "beginner", "--net-a", out, "--b", "beginner", "--duplicate"}, nil, &stdout, &stderr); code != 0 {
		t.Fatalf("selfplay: exit %d: %s", code, stderr.String())
	}
	if !strings.Contains(stdout.String(), "2 games (long)") {
		t.Errorf("selfplay printed %q", stdout.String())
	}
	if code := run([]string{"teach", "long-data", "--net", "ai/weights/net.bin", "--out", data}, nil, &stdout, &stderr); code == 0 {
		t.Error("a short nardi network labelled long nardi")
	}
}

// TestTeachPlays writes a part of candidates again as a part of plays, with
// --remove taking the candidates away once it is written; candidates drawn
// from other positions are refused, their part kept.
func TestTeachPlays(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"cand-0001.tsv.gz", "cand-0010.tsv.gz"} {
		b, err := os.ReadFile(filepath.Join("ai/train/testdata/cand", name))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// Part 10 of the slice holds positions of part 3, not those part 10's
	// candidates were drawn from. The parts of plays go to a folder not
	// made yet.
	out := filepath.Join(dir, "plays")
	var stdout, stderr bytes.Buffer
	args := []string{"teach", "plays", "--data", "ai/train/testdata", "--in", dir, "--out", out, "--remove"}
	if code := run(args, nil, &stdout, &stderr); code == 0 || !strings.Contains(stderr.String(), "cand-0010") {
		t.Errorf("exit %d: %s", code, stderr.String())
	}
	if !strings.HasPrefix(stdout.String(), "part 1: ") {
		t.Errorf("printed %q", stdout.String())
	}
	for name, want := range map[string]bool{"plays/plays-0001.tsv.gz": true, "cand-0001.tsv.gz": false, "cand-0010.tsv.gz": true, "plays/plays-0010.tsv.gz": false} {
		if _, err := os.Stat(filepath.Join(dir, name)); (err == nil) != want {
			t.Errorf("%s: there %v, want %v", name, err == nil, want)
		}
	}
}

// TestTeachBlend writes each part of plays of a folder again into another,
// blended (here with weight 0: as it was), keeps what is written when run
// again, and refuses a weight outside [0, 1].
func TestTeachBlend(t *testing.T) {
	dir := t.TempDir()
	b, err := os.ReadFile("ai/train/testdata/cand/cand-0001.tsv.gz")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "cand-0001.tsv.gz"), b, 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if code := run([]string{"teach", "plays", "--data", "ai/train/testdata", "--in", dir, "--out", dir, "--remove"}, nil, &stdout, &stderr); code != 0 {
		t.Fatalf("teach plays: exit %d: %s", code, stderr.String())
	}
	out := filepath.Join(t.TempDir(), "blend")
	args := []string{"teach", "blend", "--data", "ai/train/testdata", "--in", dir, "--out", out, "--weight", "0"}
	stdout.Reset()
	if code := run(args, nil, &stdout, &stderr); code != 0 || !strings.HasPrefix(stdout.String(), "part 1: ") {
		t.Fatalf("exit %d: %q %s", code, stdout.String(), stderr.String())
	}
	was, err := os.ReadFile(filepath.Join(dir, "plays-0001.tsv.gz"))
	if err != nil {
		t.Fatal(err)
	}
	now, err := os.ReadFile(filepath.Join(out, "plays-0001.tsv.gz"))
	if err != nil {
		t.Fatal(err)
	}
	if len(now) == 0 || len(now) > len(was)+200 {
		t.Errorf("the blended part has %d bytes, the part %d", len(now), len(was))
	}
	stdout.Reset()
	if code := run(args, nil, &stdout, &stderr); code != 0 || stdout.Len() != 0 {
		t.Errorf("run again: exit %d, printed %q", code, stdout.String())
	}
	bad := []string{"teach", "blend", "--data", "ai/train/testdata", "--in", dir, "--out", t.TempDir(), "--weight", "2"}
	if code := run(bad, nil, &stdout, &stderr); code != 1 || !strings.Contains(stderr.String(), "weight") {
		t.Errorf("weight 2: exit %d: %s", code, stderr.String())
	}
}

// TestTeachJudgeRank prints the loss among a folder's candidates at 0 and
// at 2 plies, and fails on a folder that is not there. The folder holds
// the candidates of the test data's first 8 rolls (all of contact), each
// searched two rolls ahead with the shipped network.
func TestTeachJudgeRank(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	dir := filepath.Join(root, "deep")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile("ai/train/testdata/teacher-0001.tsv.gz")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "teacher-0001.tsv.gz"), b, 0o644); err != nil {
		t.Fatal(err)
	}
	const rolls = 8
	traintest.FirstRolls(t, "ai/train/testdata/cand/cand-0001.tsv.gz", filepath.Join(dir, "cand-0001.tsv.gz"), rolls)
	var stdout, stderr bytes.Buffer
	if code := run([]string{"teach", "judge", "--levels", "rank,rank2", "--deep", dir}, nil, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	lines := strings.Split(strings.TrimSpace(stdout.String()), "\n")
	if len(lines) != 2 || !strings.HasPrefix(lines[0], "rank 0-ply ") || !strings.HasPrefix(lines[1], "rank 2-ply ") {
		t.Fatalf("printed %q", stdout.String())
	}
	var loss0, loss2 float64
	var rolls0, rolls2 int
	if _, err := fmt.Sscanf(lines[0], "rank 0-ply %f (%d rolls", &loss0, &rolls0); err != nil {
		t.Fatal(err)
	}
	if _, err := fmt.Sscanf(lines[1], "rank 2-ply %f (%d rolls", &loss2, &rolls2); err != nil {
		t.Fatal(err)
	}
	if rolls0 != rolls || rolls2 != rolls0 || loss0 < 0 || loss2 < 0 {
		t.Errorf("printed %q", stdout.String())
	}
	if code := run([]string{"teach", "judge", "--levels", "rank", "--deep", filepath.Join(root, "none")}, nil, &stdout, &stderr); code != 1 {
		t.Errorf("a missing folder: exit %d", code)
	}
}
