package rules

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// pointName writes a point in notation: "bar", "off" or its number.
func pointName(i int8) string {
	switch i {
	case Bar:
		return "bar"
	case Off:
		return "off"
	}
	return strconv.Itoa(int(i))
}

// String writes a single step: "13/7", "24/18*", "bar/22", "6/off".
func (s Step) String() string {
	out := pointName(s.From) + "/" + pointName(s.To)
	if s.Hit {
		out += "*"
	}
	return out
}

// ParseStep reads a single step exactly as Step.String writes it ("13/7",
// "24/18*", "bar/22", "6/off"), as stored game histories hold them.
func ParseStep(s string) (Step, error) {
	from, to, ok := strings.Cut(s, "/")
	if !ok {
		return Step{}, fmt.Errorf("step %q: want FROM/TO", s)
	}
	var st Step
	to, st.Hit = strings.CutSuffix(to, "*")
	point := func(p, special string, index int8) (int8, error) {
		if p == special {
			return index, nil
		}
		n, err := strconv.Atoi(p)
		if err != nil || n < 1 || n > Points || strconv.Itoa(n) != p {
			return 0, fmt.Errorf("step %q: bad point %q", s, p)
		}
		return int8(n), nil
	}
	var err error
	if st.From, err = point(from, "bar", Bar); err != nil {
		return Step{}, err
	}
	if st.To, err = point(to, "off", Off); err != nil {
		return Step{}, err
	}
	if st.From <= st.To || (st.Hit && st.To == Off) {
		return Step{}, fmt.Errorf("step %q: not a forward step", s)
	}
	return st, nil
}

// chain is one checker's steps through a play.
type chain []Step

// String writes the chain: its start, the points where it hit on the way,
// and its end.
func (c chain) String() string {
	var b strings.Builder
	b.WriteString(pointName(c[0].From))
	for i, s := range c {
		if i < len(c)-1 && !s.Hit {
			continue // a point passed through without a hit is not written
		}
		b.WriteByte('/')
		b.WriteString(pointName(s.To))
		if s.Hit {
			b.WriteByte('*')
		}
	}
	return b.String()
}

// String writes the play in standard notation as gnubg does: steps sorted
// from the back of the board, one checker's steps joined ("24/13",
// "24/18*/13"), equal moves counted ("13/7(2)"). No steps give "".
func (pl Play) String() string {
	steps := slices.Clone(pl.Steps[:pl.N])
	slices.SortStableFunc(steps, func(a, b Step) int {
		if a.From != b.From {
			return int(b.From) - int(a.From)
		}
		return int(b.To) - int(a.To)
	})
	var chains []chain
	for _, s := range steps {
		joined := false
		for i, c := range chains {
			if c[len(c)-1].To == s.From {
				chains[i] = append(c, s)
				joined = true
				break
			}
		}
		if !joined {
			chains = append(chains, chain{s})
		}
	}
	var parts []string
	for i := 0; i < len(chains); {
		n := 1
		for i+n < len(chains) && sameRoute(chains[i], chains[i+n]) {
			n++
		}
		text := chains[i].String()
		if n > 1 {
			text += "(" + strconv.Itoa(n) + ")"
		}
		parts = append(parts, text)
		i += n
	}
	return strings.Join(parts, " ")
}

// sameRoute tells whether two chains pass the same points.
func sameRoute(a, b chain) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].From != b[i].From || a[i].To != b[i].To {
			return false
		}
	}
	return true
}

// path is one checker's route as written: its points, with the hits marked.
type path struct {
	points []int8
	hits   []bool
}

// parseNotation reads "24/18 13/9*", "bar/22", "6/off(2)", "24/18*/13".
func parseNotation(s string) ([]path, error) {
	var paths []path
	moves := 0
	for _, tok := range strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return r == ' ' || r == ',' || r == '\t' }) {
		count := 1
		if i := strings.IndexByte(tok, '('); i >= 0 {
			if !strings.HasSuffix(tok, ")") {
				return nil, fmt.Errorf("bad count in %q", tok)
			}
			n, err := strconv.Atoi(tok[i+1 : len(tok)-1])
			if err != nil || n < 1 || n > 4 {
				return nil, fmt.Errorf("bad count in %q", tok)
			}
			count, tok = n, tok[:i]
		}
		parts := strings.Split(tok, "/")
		if len(parts) < 2 {
			return nil, fmt.Errorf("%q is not a move like 13/7", tok)
		}
		pa := path{points: make([]int8, len(parts)), hits: make([]bool, len(parts))}
		for i, part := range parts {
			part, pa.hits[i] = strings.CutSuffix(part, "*")
			switch part {
			case "bar", "b", "25":
				pa.points[i] = Bar
			case "off", "o", "0":
				pa.points[i] = Off
			default:
				n, err := strconv.Atoi(part)
				if err != nil || n < 1 || n > 24 {
					return nil, fmt.Errorf("%q is not a point", part)
				}
				pa.points[i] = int8(n)
			}
			if (i == 0 && pa.points[i] == Off) || (i > 0 && (pa.points[i] == Bar || pa.points[i] >= pa.points[i-1])) {
				return nil, fmt.Errorf("%q does not move toward home", tok)
			}
		}
		for c := 0; c < count; c++ {
			paths = append(paths, pa)
		}
		moves += count * (len(parts) - 1)
	}
	if len(paths) == 0 {
		return nil, errors.New("empty play")
	}
	if moves > 4 {
		return nil, errors.New("more than four moves")
	}
	return paths, nil
}

// ParsePlay finds the legal play that the notation describes, in the
// mover's numbering. Points passed through may be left out ("13/6" for
// 13/8/6) and hit marks may be omitted when that leaves no doubt.
func ParsePlay(p Position, d Dice, s string, rs RuleSet) (Play, error) {
	return ParsePlayIn(NewTurn(p, d, rs), s)
}

// ParsePlayIn is ParsePlay for a turn of any variant.
func ParsePlayIn(t *Turn, s string) (Play, error) {
	p, d := t.Start, t.Dice
	paths, err := parseNotation(s)
	if err != nil {
		return Play{}, fmt.Errorf("play %q: %w", s, err)
	}
	plays, results := t.Plays(), t.Results()
	var found, exact []int
	at := make([]int8, len(paths))  // where each path's checker stands
	next := make([]int, len(paths)) // index of the next point it must reach
	for i, pa := range paths {
		at[i], next[i] = pa.points[0], 1
	}
	var walk func(pos Position, dice []int, marksOK bool)
	walk = func(pos Position, dice []int, marksOK bool) {
		done := true
		for i, pa := range paths {
			if next[i] < len(pa.points) {
				done = false
				break
			}
		}
		if done {
			for i, r := range results {
				if r == pos && !slices.Contains(found, i) {
					found = append(found, i)
				}
				if r == pos && marksOK && !slices.Contains(exact, i) {
					exact = append(exact, i)
				}
			}
			return
		}
		for i, pa := range paths {
			if next[i] == len(pa.points) {
				continue
			}
			target := pa.points[next[i]]
			for j, die := range dice {
				if j > 0 && dice[j-1] == die {
					continue
				}
				probe := pos
				if t.long {
					probe.Theirs = [26]int8{} // short nardi's geometry does not apply
				}
				to, ok := singleStep(&probe, at[i], int8(die))
				if t.long && ok && to != Off && pos.Theirs[longFacing(to)] > 0 {
					ok = false // long nardi: no stop where the opponent stands
				}
				if !ok || to < target || (to == Off && target != Off) {
					continue
				}
				st := Step{From: at[i], To: to, Hit: !t.long && to != Off && pos.Theirs[25-to] == 1}
				rest := slices.Delete(slices.Clone(dice), j, j+1)
				ok = marksOK && st.Hit == (to == target && pa.hits[next[i]])
				from, n := at[i], next[i]
				at[i] = to
				if to == target {
					next[i]++
				}
				walk(t.apply(pos, st), rest, ok)
				at[i], next[i] = from, n
			}
		}
	}
	dice := d.List()
	slices.Sort(dice)
	walk(p, dice, true)
	switch {
	case len(exact) == 1:
		return plays[exact[0]], nil
	case len(found) == 1:
		return plays[found[0]], nil
	case len(found) == 0:
		return Play{}, fmt.Errorf("play %q is not legal with %d-%d", s, d[0], d[1])
	}
	return Play{}, fmt.Errorf("play %q is ambiguous: mark the hits with *", s)
}

// singleStep tells whether one checker may move from a point by a die in
// the position, ignoring what the rest of the turn must do.
func singleStep(p *Position, from, die int8) (int8, bool) {
	if p.Mine[from] == 0 || (from != Bar && p.Mine[Bar] > 0) {
		return 0, false
	}
	to := from - die
	if to >= 1 {
		return to, p.Theirs[25-to] < 2
	}
	for i := 7; i <= Bar; i++ {
		if p.Mine[i] > 0 {
			return 0, false
		}
	}
	if to < 0 {
		for i := from + 1; i <= 6; i++ {
			if p.Mine[i] > 0 {
				return 0, false
			}
		}
	}
	return Off, true
}
