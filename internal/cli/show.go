package cli

import (
	"fmt"
	"io"

	"nardi/rules"
)

// cmdShow is "nardi show POSID".
func cmdShow(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags(stderr, "show", "POSID")
	if code, ok := fs.Parse(args, stdout); !ok {
		return code
	}
	if fs.NArg() != 1 {
		return fs.Fail("want one Position ID")
	}
	p, err := rules.ParsePositionID(fs.Arg(0))
	if err != nil {
		fmt.Fprintln(stderr, "nardi show:", err)
		return 2
	}
	fmt.Fprint(stdout, p)
	return 0
}
