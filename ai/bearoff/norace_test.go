//go:build !race

package bearoff

const raceEnabled = false
