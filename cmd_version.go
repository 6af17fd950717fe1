package main

import (
	"fmt"
	"io"

	"nardi/internal/buildinfo"
)

// cmdVersion is "nardi version" (or "nardi --version"): the build's
// version (see buildinfo.Version).
func cmdVersion(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		fmt.Fprintln(stderr, "usage: nardi version")
		return 2
	}
	fmt.Fprintln(stdout, "nardi", buildinfo.Version())
	return 0
}
