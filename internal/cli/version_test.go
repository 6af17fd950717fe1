package cli

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestVersion: the binary tells the version set at link time, by "nardi
// version" and "nardi --version".
func TestVersion(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := filepath.Join(t.TempDir(), "nardi")
	build := exec.Command("go", "build", "-ldflags", "-X nardi/internal/buildinfo.version=v9.8.7", "-o", bin, "../..")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	for _, arg := range []string{"version", "--version"} {
		out, err := exec.Command(bin, arg).Output()
		if err != nil || strings.TrimSpace(string(out)) != "nardi v9.8.7" {
			t.Errorf("nardi %s: %q, %v; want nardi v9.8.7", arg, out, err)
		}
	}
}
