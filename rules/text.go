package rules

import (
	"fmt"
	"strings"
)

// String draws the position as text, from the view of the player on roll
// (X, home bottom right); the opponent is O. Stacks of more than five show
// their count in the fifth row.
func (p Position) String() string {
	var b strings.Builder
	cell := func(i, row int) string {
		n, mark := int(p.Mine[i]), " X "
		if t := p.Theirs[25-i]; t > 0 {
			n, mark = int(t), " O "
		}
		switch {
		case n > 5 && row == 4:
			return fmt.Sprintf("%2d ", n)
		case n > row:
			return mark
		}
		return " . "
	}
	header := func(from, to, dir int) {
		b.WriteString(" ")
		for i := from; i != to+dir; i += dir {
			if i == from+6*dir {
				b.WriteString("|   | ")
			}
			fmt.Fprintf(&b, "%2d ", i)
		}
		b.WriteString("\n")
	}
	rows := func(from, to, dir int, order []int, bar string) {
		for _, row := range order {
			b.WriteString(" ")
			for i := from; i != to+dir; i += dir {
				if i == from+6*dir {
					if row == order[len(order)/2] {
						b.WriteString(bar)
					} else {
						b.WriteString("|   | ")
					}
				}
				b.WriteString(cell(i, row))
			}
			b.WriteString("\n")
		}
	}
	header(13, 24, 1)
	rows(13, 24, 1, []int{0, 1, 2, 3, 4}, fmt.Sprintf("|O%2d| ", p.Theirs[Bar]))
	b.WriteString("\n")
	rows(12, 1, -1, []int{4, 3, 2, 1, 0}, fmt.Sprintf("|X%2d| ", p.Mine[Bar]))
	header(12, 1, -1)
	mine, theirs := p.Pips()
	fmt.Fprintf(&b, "X to play: pips %d, off %d.  O: pips %d, off %d.  Position ID %s\n",
		mine, p.Mine[Off], theirs, p.Theirs[Off], p.PositionID())
	return b.String()
}
