package cli

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"nardi/render"
	"nardi/rules"
)

// cmdRender draws boards as PNG pictures:
//
//	nardi render --pos POSID [--dice 65] [--home left|right] [--portrait] --out board.png
//	nardi render --out-dir DIR [--home left|right] [--portrait] < lines of "POSID D1 D2"
//
// The board is seen by the player on roll, whose home is at the bottom.
// The batch form writes DIR/1.png, DIR/2.png, ... in the order of the input
// lines.
func cmdRender(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags(stderr, "render", "--pos POSID [--dice 65] [--home left|right] [--portrait] --out FILE",
		"--out-dir DIR [--home left|right] [--portrait] < LINES").Input(`with --out-dir, lines of "POSID D1 D2" (blank lines skipped): DIR/1.png, DIR/2.png, ... in their order`)
	pos := fs.String("pos", "", "gnubg Position ID of the board, seen from the player on roll")
	dice := fs.String("dice", "", "the roll to show, two digits 1-6 such as 65 (default none)")
	home := fs.String("home", "right", "where the viewer's home quarter is: left or right")
	portrait := fs.Bool("portrait", false, "draw the tall board for vertical screens")
	out := fs.String("out", "", "the PNG file to write")
	outDir := fs.String("out-dir", "", "batch: read \"POSID D1 D2\" lines from stdin and write DIR/1.png, DIR/2.png, ...")
	usageErr := fs.Fail
	if code, ok := fs.Parse(args, stdout); !ok {
		return code
	}
	if fs.NArg() > 0 {
		return usageErr("unexpected argument %q", fs.Arg(0))
	}
	base := render.View{Portrait: *portrait}
	switch *home {
	case "right":
	case "left":
		base.HomeLeft = true
	default:
		return usageErr("--home must be left or right, not %q", *home)
	}

	switch {
	case *out != "" && *outDir != "":
		return usageErr("give either --out or --out-dir, not both")
	case *out != "":
		if *pos == "" {
			return usageErr("--out needs --pos")
		}
		p, err := rules.ParsePositionID(*pos)
		if err != nil {
			return usageErr("%v", err)
		}
		v := base
		v.Pos = p
		if *dice != "" {
			if v.Dice, err = parseDice(*dice); err != nil {
				return usageErr("%v", err)
			}
		}
		if err := writeBoard(*out, v); err != nil {
			fmt.Fprintf(stderr, "nardi render: %v\n", err)
			return 1
		}
		return 0
	case *outDir != "":
		if *pos != "" || *dice != "" {
			return usageErr("--pos and --dice are for a single board; the batch form reads them from stdin")
		}
		return renderBatch(stdin, stderr, *outDir, base)
	}
	return usageErr("give --out or --out-dir")
}

// parseDice reads a roll written as two digits, such as 65.
func parseDice(s string) (rules.Dice, error) {
	var d rules.Dice
	if len(s) != 2 {
		return d, fmt.Errorf("--dice %q: want two digits 1-6, such as 65", s)
	}
	for i := range d {
		n, err := strconv.Atoi(s[i : i+1])
		if err != nil || n < 1 || n > 6 {
			return d, fmt.Errorf("--dice %q: want two digits 1-6, such as 65", s)
		}
		d[i] = n
	}
	return d, nil
}

// renderBatch draws one board for each "POSID D1 D2" line of stdin; blank
// lines are skipped. It stops at the first bad line.
func renderBatch(stdin io.Reader, stderr io.Writer, dir string, base render.View) int {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		fmt.Fprintf(stderr, "nardi render: %v\n", err)
		return 1
	}
	sc := bufio.NewScanner(stdin)
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	line, n := 0, 0
	for sc.Scan() {
		line++
		if strings.TrimSpace(sc.Text()) == "" {
			continue
		}
		l, err := ParseRollLine(sc.Text())
		if err != nil {
			fmt.Fprintf(stderr, "nardi render: line %d: %v\n", line, err)
			return 1
		}
		n++
		v := base
		v.Pos, v.Dice = l.Pos, l.Dice
		if err := writeBoard(filepath.Join(dir, strconv.Itoa(n)+".png"), v); err != nil {
			fmt.Fprintf(stderr, "nardi render: line %d: %v\n", line, err)
			return 1
		}
	}
	if err := sc.Err(); err != nil {
		fmt.Fprintf(stderr, "nardi render: reading stdin: %v\n", err)
		return 1
	}
	return 0
}

func writeBoard(path string, v render.View) error {
	b, err := render.Board(v)
	if err != nil {
		return err
	}
	return os.WriteFile(path, b, 0o644)
}
