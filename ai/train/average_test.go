package train

import (
	"testing"

	"nardi/ai"
)

// TestAverage: the mean of two networks is halfway between them weight by
// weight; networks of different shapes are refused.
func TestAverage(t *testing.T) {
	a, b := ai.NewNet(ai.NumInputs, 8, 1), ai.NewNet(ai.NumInputs, 8, 2)
	b.Games = 40
	m, err := Average(a, b)
	if err != nil {
		t.Fatal(err)
	}
	for i := range m.W1 {
		if d := m.W1[i] - (a.W1[i]+b.W1[i])/2; d > 1e-6 || d < -1e-6 {
			t.Fatalf("weight %d: %v, want the mean of %v and %v", i, m.W1[i], a.W1[i], b.W1[i])
		}
	}
	if m.B2[3] != (a.B2[3]+b.B2[3])/2 || m.Games != 40 {
		t.Errorf("bias %v, games %d", m.B2[3], m.Games)
	}
	if _, err := Average(a, ai.NewNet(ai.NumInputs, 9, 1)); err == nil {
		t.Error("networks of different shapes were averaged")
	}
}
