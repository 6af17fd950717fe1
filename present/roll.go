package present

import (
	"fmt"

	"nardi/rules"
)

// Roll writes a roll as players write it, the larger die first: "6-3".
func Roll(d rules.Dice) string {
	return fmt.Sprintf("%d-%d", max(d[0], d[1]), min(d[0], d[1]))
}
