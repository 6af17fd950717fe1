package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestTeachCommand teaches the main network an epoch on the slice of the
// dataset in ai/train/testdata (part 10 held back), then judges the result
// at 0-ply: the figures are printed, the checkpoints and --out written.
func TestTeachCommand(t *testing.T) {
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
	if code := run([]string{"teach", "--data", filepath.Join(dir, "none")}, nil, &stdout, &stderr); code == 0 {
		t.Error("a missing dataset taught")
	}
}
