package cli

import (
	"fmt"
	"io"

	"nardi/internal/buildinfo"
)

// cmdVersion is "nardi version" (or "nardi --version"): the build's
// version (see buildinfo.Version).
func cmdVersion(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags(stderr, "version")
	if code, ok := fs.Parse(args, stdout); !ok {
		return code
	}
	if fs.NArg() > 0 {
		return fs.Fail("takes no arguments")
	}
	fmt.Fprintln(stdout, "nardi", buildinfo.Version())
	return 0
}
