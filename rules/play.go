package rules

// Step moves one checker by one die, in the mover's own numbering: From is
// 1..24 or Bar (25), To is 1..24 or Off (0). Hit tells that a lone opposing
// checker stood on To and went to the bar.
type Step struct {
	From, To int8
	Hit      bool
}

// Play is a whole turn: up to four steps, in the order they are made.
type Play struct {
	Steps [4]Step
	N     int8 // how many of Steps are used
}

// Dice is a roll of two dice, each 1..6.
type Dice [2]int

// IsDouble tells whether both dice show the same number.
func (d Dice) IsDouble() bool { return d[0] == d[1] }

// Valid tells whether both dice are in 1..6.
func (d Dice) Valid() bool { return d[0] >= 1 && d[0] <= 6 && d[1] >= 1 && d[1] <= 6 }

// List returns the dice to play in this turn: four for a double, else two.
func (d Dice) List() []int {
	if d.IsDouble() {
		return []int{d[0], d[0], d[0], d[0]}
	}
	return []int{d[0], d[1]}
}

// Apply makes one step for the player on roll and returns the new position,
// in short nardi: a step onto an opposing checker (Theirs[25-To]) sends it
// to the bar. It does not check legality; see LegalPlays for that. For a
// position of another variant use Turn.PositionAfter.
func (p Position) Apply(s Step) Position {
	p.Mine[s.From]--
	p.Mine[s.To]++
	if s.To != Off && p.Theirs[25-s.To] > 0 {
		p.Theirs[25-s.To]--
		p.Theirs[Bar]++
	}
	return p
}

// ApplyPlay makes every step of a play and returns the new position, still
// seen from the mover, in short nardi (see Apply).
func (p Position) ApplyPlay(pl Play) Position {
	for i := int8(0); i < pl.N; i++ {
		p = p.Apply(pl.Steps[i])
	}
	return p
}
