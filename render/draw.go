package render

import (
	"nardi/rules"
)

// marks are the traces of some steps on the board, in the viewer's
// numbering.
type marks struct {
	byViewer bool
	left     [26]int  // checkers gone for good from a point; Bar: from the bar
	arrived  [26]int  // checkers come to stay; Off: borne off
	hits     [26]bool // points where a checker was hit
	nhits    int
}

// markSteps collects the traces of steps made by the viewer or the other
// side, in the numbering of whoever made them.
func markSteps(steps []rules.Step, byViewer bool, facing func(int) int) *marks {
	if len(steps) == 0 {
		return nil
	}
	m := &marks{byViewer: byViewer}
	var net [26]int
	conv := func(i int) int {
		if byViewer || i == rules.Off || i == rules.Bar {
			return i
		}
		return facing(i)
	}
	for _, s := range steps {
		net[s.From]--
		net[s.To]++
		if s.Hit {
			m.hits[conv(int(s.To))] = true
			m.nhits++
		}
	}
	for i, n := range net {
		k := conv(i)
		m.left[k] = max(-n, 0)
		if n > 0 {
			m.arrived[k] = n
		}
	}
	return m
}

// leftAt returns how many checkers left the viewer's point k for good; m
// may be nil.
func (m *marks) leftAt(k int) int {
	if m == nil {
		return 0
	}
	return m.left[k]
}

const (
	markAlpha = 64 // opacity of the wash over a point left
	dimAlpha  = 85 // opacity of a die already played
)

var (
	darkInk  = hex("#2a201b").nrgba(1)
	lightInk = hex("#f6efdf").nrgba(1)
	offInk   = hex("#ecd9b2").nrgba(1)
)

// ink returns the colour of digits drawn on a checker or plate of colour c.
func ink(c Color) [4]uint8 {
	if c == White {
		return darkInk
	}
	return lightInk
}

// drawDynamic draws everything that depends on the view onto the bare
// board: checkers, marks, dice, cube and pip counts.
func drawDynamic(c canvas, l *layout, tri [2]*mask, a *assets, v *View) {
	viewerMoves := v.Viewer == Mover
	vw, op := &v.Pos.Mine, &v.Pos.Theirs
	vcol := v.MoverColor
	if !viewerMoves {
		vw, op = op, vw
		vcol = vcol.Other()
	}
	ocol := vcol.Other()
	facing := v.facing()

	var mk [2]*marks // last play, turn in progress
	if v.LastPlay != nil {
		mk[0] = markSteps(v.LastPlay.Steps[:v.LastPlay.N], (v.LastBy == Mover) == viewerMoves, facing)
	}
	mk[1] = markSteps(v.TurnSteps, viewerMoves, facing)
	markCols := [2][4]uint8{lastCol.nrgba(markAlpha / 255.0), turnCol.nrgba(markAlpha / 255.0)}

	// Points left: a translucent wash over the triangle.
	for i, m := range mk {
		if m == nil {
			continue
		}
		for k := 1; k <= 24; k++ {
			if m.left[k] == 0 {
				continue
			}
			row, first := 0, 1
			if k > 12 {
				row, first = 1, 13
			}
			base, _ := pointBase(k)
			x0, y0 := l.pt(pointX(first), base)
			x1, y1 := l.pt(pointX(k), base)
			c.fill(tri[row], int(x1-x0), int(y1-y0), markCols[i])
		}
	}

	// arrivals returns how many of the n checkers of a side at index k
	// (viewer's numbering) to ring, and the ring.
	arrivals := func(k, n int, viewer bool) (int, *sprite) {
		for i := 1; i >= 0; i-- {
			if m := mk[i]; m != nil && m.byViewer == viewer && m.arrived[k] > 0 {
				return min(m.arrived[k], n), a.ring[i]
			}
		}
		return 0, nil
	}

	// Checkers on the points, then ghosts of those that left on top of
	// them: a stack and its ghosts share the room of the point.
	f := a.fonts
	for k := 1; k <= 24; k++ {
		n, col, viewer := int(vw[k]), vcol, true
		if n == 0 {
			n, col, viewer = int(op[facing(k)]), ocol, false
		}
		slots := n
		for _, m := range mk {
			if m != nil {
				slots += m.left[k]
			}
		}
		rings, ring := arrivals(k, n, viewer)
		for i := 0; i < n; i++ {
			x, y := checkerAt(k, i, slots)
			put(c, l, a.checker[col], x, y, 255)
			if i >= n-rings {
				put(c, l, ring, x, y, 255)
			}
		}
		if n > stackMax {
			fx, fy := l.pt(checkerAt(k, n-1, slots))
			number(c, f.count, n, fx, fy, ink(col))
		}
		j := n
		for i, m := range mk {
			for range m.leftAt(k) {
				x, y := checkerAt(k, j, slots)
				put(c, l, a.ghost[i], x, y, 255)
				j++
			}
		}
	}

	// Checkers on the bar, hit ones ringed in red.
	for _, side := range []struct {
		viewer bool
		n      int
		col    Color
	}{{true, int(vw[rules.Bar]), vcol}, {false, int(op[rules.Bar]), ocol}} {
		hits := 0
		for _, m := range mk {
			if m != nil && m.byViewer != side.viewer {
				hits += m.nhits
			}
		}
		slots := side.n
		for _, m := range mk {
			if m != nil && m.byViewer == side.viewer {
				slots += m.left[rules.Bar]
			}
		}
		for i := 0; i < side.n; i++ {
			x, y := barAt(side.viewer, i, slots)
			put(c, l, a.checker[side.col], x, y, 255)
			if i >= side.n-hits {
				put(c, l, a.ring[2], x, y, 255)
			}
		}
		if side.n > 1 {
			fx, fy := l.pt(barAt(side.viewer, side.n-1, slots))
			number(c, f.count, side.n, fx, fy, ink(side.col))
		}
		j := side.n
		for i, m := range mk {
			if m != nil && m.byViewer == side.viewer {
				for range m.left[rules.Bar] {
					x, y := barAt(side.viewer, j, slots)
					put(c, l, a.ghost[i], x, y, 255)
					j++
				}
			}
		}
	}

	// Borne-off checkers in the tray, with their count.
	o := 0
	if l.portrait {
		o = 1
	}
	for _, side := range []struct {
		viewer bool
		n      int
		col    Color
	}{{true, int(vw[rules.Off]), vcol}, {false, int(op[rules.Off]), ocol}} {
		marked, mi := 0, 0
		for i := 1; i >= 0; i-- {
			if m := mk[i]; m != nil && m.byViewer == side.viewer && m.arrived[rules.Off] > 0 {
				marked, mi = min(m.arrived[rules.Off], side.n), i
				break
			}
		}
		for i := 0; i < side.n; i++ {
			x, y := slabAt(side.viewer, i)
			put(c, l, a.slab[side.col][o], x, y, 255)
		}
		for i := side.n - marked; i < side.n; i++ {
			x, y := slabAt(side.viewer, i)
			put(c, l, a.slabMk[mi][o], x, y, 255)
		}
		if side.n > 0 {
			x, y := slabAt(side.viewer, side.n)
			if side.viewer {
				y -= 8
			} else {
				y += 8
			}
			fx, fy := l.pt(x, y)
			number(c, f.small, side.n, fx, fy, offInk)
		}
	}

	// Hits: a red badge on the checker that hit.
	for _, m := range mk {
		if m == nil {
			continue
		}
		for k := 1; k <= 24; k++ {
			if !m.hits[k] {
				continue
			}
			n := int(vw[k] + op[facing(k)])
			fx, fy := l.pt(checkerAt(k, max(n-1, 0), max(n, 1)))
			c.blit(a.badge, int(fx+checkerR*0.7)-a.badge.w/2, int(fy-checkerR*0.7)-a.badge.h/2, 255)
		}
	}

	// The doubling cube: in the middle of the bar, or at its owner's end.
	if v.Cube > 0 {
		x, y := float64(barX), float64(midY)
		if v.CubeOwner != CubeCentred {
			ownerIsViewer := (v.CubeOwner == CubeMover) == viewerMoves
			if ownerIsViewer {
				y = fieldY1 - 8 - cubeSz/2
			} else {
				y = fieldY0 + 8 + cubeSz/2
			}
		}
		put(c, l, a.cube, x, y, 255)
		val, cf := v.Cube, f.cube
		if val == 1 {
			val = 64
		}
		if val >= 100 {
			cf = f.pips
		}
		fx, fy := l.pt(x, y)
		number(c, cf, val, fx, fy, darkInk)
	}

	// Pip counts on plates of each side's colour, the mover's aglow.
	mine, theirs := v.Pos.Pips()
	vp, opp := mine, theirs
	if !viewerMoves {
		vp, opp = opp, vp
	}
	off := float64(pillY)
	if l.portrait {
		off = pillW/2 + 10
	}
	for _, side := range []struct {
		viewer bool
		pips   int
		col    Color
	}{{true, vp, vcol}, {false, opp, ocol}} {
		y := midY - off
		if side.viewer {
			y = midY + off
		}
		if side.viewer == viewerMoves {
			put(c, l, a.glow, trayX, y, 255)
		}
		put(c, l, a.pill[side.col], trayX, y, 255)
		fx, fy := l.pt(trayX, y)
		number(c, f.pips, side.pips, fx, fy, ink(side.col))
	}

	// The dice, in the mover's colour, on the mover's right-hand half.
	if v.Dice.Valid() {
		dice := v.Dice.List()
		x := float64(rightX0+rightX1) / 2
		if !viewerMoves {
			x = float64(leftX0+leftX1) / 2
		}
		step := float64(dieSize + dieGap)
		x -= step * float64(len(dice)-1) / 2
		for i, d := range dice {
			alpha := 255
			if v.Used[i] {
				alpha = dimAlpha
			}
			put(c, l, a.die[v.MoverColor][d], x+step*float64(i), midY, alpha)
		}
	}
}

// positionOf builds a position from point counts; the rest of each side's
// 15 checkers are borne off.
func positionOf(mine, theirs map[int]int8) rules.Position {
	var p rules.Position
	for k, n := range mine {
		p.Mine[k] = n
	}
	for k, n := range theirs {
		p.Theirs[k] = n
	}
	p.Normalize()
	return p
}

// sampleViews are boards showing every kind of mark, sprite and colour, from
// which the palette is chosen.
func sampleViews() []View {
	pos := positionOf
	st := func(from, to int8, hit bool) rules.Step { return rules.Step{From: from, To: to, Hit: hit} }
	return []View{
		{
			Pos:        pos(map[int]int8{6: 5, 8: 2, 13: 4, 24: 2, 5: 1, 3: 1}, map[int]int8{6: 4, 8: 3, 13: 5, 24: 1, 25: 1, 10: 1}),
			Dice:       rules.Dice{3, 3},
			Used:       [4]bool{true, true},
			LastPlay:   &rules.Play{Steps: [4]rules.Step{st(13, 8, false), st(13, 10, true)}, N: 2},
			LastBy:     Opponent,
			TurnSteps:  []rules.Step{st(8, 5, true), st(6, 3, false)},
			Cube:       1,
			MoverColor: White,
		},
		{
			Pos:        pos(map[int]int8{1: 7, 2: 3, 25: 2}, map[int]int8{3: 6, 20: 1, 25: 1, 4: 2}),
			Dice:       rules.Dice{6, 5},
			Used:       [4]bool{false, true},
			LastPlay:   &rules.Play{Steps: [4]rules.Step{st(4, 0, false), st(25, 20, true)}, N: 2},
			LastBy:     Opponent,
			TurnSteps:  []rules.Step{st(2, 0, false)},
			Cube:       4,
			CubeOwner:  CubeMover,
			MoverColor: Black,
		},
		{
			Pos:        pos(map[int]int8{6: 15}, map[int]int8{13: 13, 25: 2}),
			Viewer:     Opponent,
			Dice:       rules.Dice{4, 4},
			Used:       [4]bool{true, true, true, true},
			LastPlay:   &rules.Play{Steps: [4]rules.Step{st(7, 6, true), st(8, 6, true)}, N: 2},
			LastBy:     Mover,
			Cube:       2,
			CubeOwner:  CubeOpponent,
			MoverColor: White,
		},
		{
			Pos:        pos(map[int]int8{24: 2, 13: 5, 8: 3, 6: 5}, map[int]int8{24: 2, 13: 5, 8: 3, 6: 5}),
			Viewer:     Opponent,
			Dice:       rules.Dice{1, 2},
			Used:       [4]bool{true},
			LastPlay:   &rules.Play{Steps: [4]rules.Step{st(24, 18, false), st(18, 13, false)}, N: 2},
			LastBy:     Opponent,
			TurnSteps:  []rules.Step{st(13, 11, false)},
			MoverColor: Black,
		},
	}
}
