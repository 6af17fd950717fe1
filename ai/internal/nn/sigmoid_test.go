package nn

import (
	"math"
	"testing"
)

// TestSigmoidAccuracy checks the network's sigmoid against the logistic
// function in float64, through the clamps and far beyond them.
func TestSigmoidAccuracy(t *testing.T) {
	worst, at := 0.0, float32(0)
	for i := -3_000_000; i <= 3_000_000; i++ {
		x := float32(i) / 100_000
		d := math.Abs(float64(sigmoid(x)) - 1/(1+math.Exp(-float64(x))))
		if d > worst {
			worst, at = d, x
		}
	}
	if worst > 2e-7 {
		t.Errorf("sigmoid is %.3g off the logistic function at %v", worst, at)
	}
	if s := sigmoid(0); s != 0.5 {
		t.Errorf("sigmoid(0) = %v, want 0.5", s)
	}
}
