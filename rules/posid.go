package rules

import (
	"encoding/base64"
	"fmt"
)

// PositionID returns the gnubg Position ID of the position: 14 characters
// of Base64. The side not on roll is packed first, then the side on roll.
func (p Position) PositionID() string {
	var key [10]byte
	bit := 0
	for _, s := range []*[26]int8{&p.Theirs, &p.Mine} {
		for i := 1; i <= Bar; i++ {
			for c := int8(0); c < s[i]; c++ {
				key[bit>>3] |= 1 << (bit & 7)
				bit++
			}
			bit++
		}
	}
	return base64.StdEncoding.EncodeToString(key[:])[:14]
}

// ParsePositionID decodes a gnubg Position ID into a position, the side on
// roll being the one packed second. It rejects IDs that do not describe 15
// or fewer checkers a side with no point held by both, in short nardi's
// geometry; ParsePositionIDFor reads the positions of another variant.
func ParsePositionID(id string) (Position, error) {
	p, err := decodePositionID(id)
	if err != nil {
		return p, err
	}
	if err := p.Validate(); err != nil {
		return p, fmt.Errorf("position id %q: %w", id, err)
	}
	return p, nil
}

// decodePositionID decodes a gnubg Position ID, checking only that it
// describes 15 or fewer checkers a side.
func decodePositionID(id string) (Position, error) {
	var p Position
	if len(id) != 14 {
		return p, fmt.Errorf("position id %q: want 14 characters, got %d", id, len(id))
	}
	key, err := base64.StdEncoding.DecodeString(id + "==")
	if err != nil || len(key) != 10 {
		return p, fmt.Errorf("position id %q: not Base64", id)
	}
	bit := 0
	for _, s := range []*[26]int8{&p.Theirs, &p.Mine} {
		total := 0
		for i := 1; i <= Bar; i++ {
			for {
				if bit >= 80 {
					return p, fmt.Errorf("position id %q: runs past 80 bits", id)
				}
				set := key[bit>>3]&(1<<(bit&7)) != 0
				bit++
				if !set {
					break
				}
				s[i]++
				total++
				if total > Checkers {
					return p, fmt.Errorf("position id %q: more than %d checkers for one side", id, Checkers)
				}
			}
		}
		s[Off] = int8(Checkers - total)
	}
	return p, nil
}
