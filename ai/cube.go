package ai

import "nardi/rules"

// Cube thresholds in cubeless money equity of the player on roll.
const (
	doubleFrom = 0.45 // offer from here: the opponent's take is getting thin
	tooGood    = 1.0  // from here playing on for a mars is worth more than a point
	takeLimit  = 0.5  // take while the doubler's equity is at most this
)

// ShouldDouble tells whether the player on roll in p, before rolling,
// should offer the doubling cube.
func (e *Evaluator) ShouldDouble(p rules.Position) bool {
	var s scratch
	eq := e.onRoll1(&p, &s)
	return eq >= doubleFrom && eq < tooGood
}

// ShouldTake tells whether the opponent of the player on roll in p should
// take the cube that player offers; otherwise it drops.
func (e *Evaluator) ShouldTake(p rules.Position) bool {
	var s scratch
	return e.onRoll1(&p, &s) <= takeLimit
}
