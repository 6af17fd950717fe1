package record

import "nardi/game"

// hexSeed reads a revealed seed; "" (not revealed) gives the zero seed.
func hexSeed(s string) ([32]byte, error) {
	if s == "" {
		return [32]byte{}, nil
	}
	return game.ParseSeed(s)
}
