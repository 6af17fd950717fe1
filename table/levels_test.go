package table

import (
	"testing"

	"nardi/ai"
	"nardi/game"
)

// TestLevelsAgree: the computer's engine knows every level by the name
// the game keeps, and the former names agree in both.
func TestLevelsAgree(t *testing.T) {
	for _, l := range game.Levels {
		al, err := ai.ParseLevel(string(l))
		if err != nil || al.String() != string(l) {
			t.Errorf("game level %q: ai reads %v (%v)", l, al, err)
		}
	}
	for _, former := range []string{"easy", "medium", "hard"} {
		gl, err := game.ParseLevel(former)
		if err != nil {
			t.Fatal(err)
		}
		if al, err := ai.ParseLevel(former); err != nil || al.String() != string(gl) {
			t.Errorf("%q: game reads %q, ai %v (%v)", former, gl, al, err)
		}
	}
}
