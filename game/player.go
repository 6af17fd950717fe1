package game

import (
	"fmt"
	"slices"
)

// Seat is one of the two places at the board, 0 or 1. Seat 0 plays the
// White checkers and seat 1 the Black ones, for the whole game.
type Seat int

// NoSeat stands for nobody, as the owner of a centred cube.
const NoSeat Seat = -1

// Valid tells whether the seat is 0 or 1.
func (s Seat) Valid() bool { return s == 0 || s == 1 }

// Other returns the opposite seat.
func (s Seat) Other() Seat { return 1 - s }

// Color returns the colour of the seat's checkers.
func (s Seat) Color() Color { return Color(s) }

// Color is the colour of a player's checkers.
type Color uint8

// The two checker colours.
const (
	White Color = iota // seat 0, light checkers
	Black              // seat 1, dark checkers
)

// String returns "white" or "black".
func (c Color) String() string {
	if c == Black {
		return "black"
	}
	return "white"
}

// Level is how strongly the computer plays.
type Level string

// The computer's levels, by the names players see them by (locales'
// button.level_*), weakest first.
const (
	Beginner    Level = "beginner"
	Club        Level = "club"
	Master      Level = "master"
	Grandmaster Level = "grandmaster"
)

// Levels lists the computer's levels, weakest first.
var Levels = []Level{Beginner, Club, Master, Grandmaster}

// formerNames are the words the levels went by before they took the
// players' names; "master" was then the Grandmaster.
var formerNames = map[string]Level{"easy": Beginner, "medium": Club, "hard": Master, "master": Grandmaster}

// ParseLevel reads a level's name (beginner, club, master, grandmaster),
// or one of the former names that cannot be mistaken: easy, medium, hard.
func ParseLevel(s string) (Level, error) {
	if l := Level(s); slices.Contains(Levels, l) {
		return l, nil
	}
	if l, ok := formerNames[s]; ok {
		return l, nil
	}
	return "", fmt.Errorf("unknown level %q (want beginner, club, master or grandmaster)", s)
}

// ParseFormerLevel reads a level by the name it went by before the levels
// took the players' names (easy, medium, hard, master), as stored before
// that change: "master" is the Grandmaster.
func ParseFormerLevel(s string) (Level, error) {
	if l, ok := formerNames[s]; ok {
		return l, nil
	}
	return "", fmt.Errorf("unknown former level %q (want easy, medium, hard or master)", s)
}

// UnmarshalText reads a level as ParseLevel does (empty: no level, a
// person), so that a stored easy, medium or hard reads as its level.
func (l *Level) UnmarshalText(b []byte) error {
	if len(b) == 0 {
		*l = ""
		return nil
	}
	v, err := ParseLevel(string(b))
	if err != nil {
		return err
	}
	*l = v
	return nil
}

// Player is who sits in a seat: a person, known by their Telegram user id
// and the name to show, or the computer at some level.
type Player struct {
	// UserID is the person's Telegram user id; 0 for the computer.
	UserID int64 `json:"id,omitempty"`
	// Name is the name to show for the person.
	Name string `json:"name,omitempty"`
	// Level is the computer's strength; empty for a person.
	Level Level `json:"level,omitempty"`
}

// Human returns a person as a player.
func Human(userID int64, name string) Player { return Player{UserID: userID, Name: name} }

// Computer returns the computer as a player.
func Computer(level Level) Player { return Player{Level: level} }

// IsComputer tells whether the computer plays this seat.
func (p Player) IsComputer() bool { return p.Level != "" }

// validate checks one player.
func (p Player) validate() error {
	if p.IsComputer() {
		if _, err := ParseLevel(string(p.Level)); err != nil {
			return err
		}
		if p.UserID != 0 {
			return fmt.Errorf("the computer has user id %d", p.UserID)
		}
		return nil
	}
	if p.UserID == 0 {
		return fmt.Errorf("a person without a user id")
	}
	return nil
}

// validatePlayers checks both seats: each valid, and not the same person
// twice.
func validatePlayers(ps [2]Player) error {
	for s, p := range ps {
		if err := p.validate(); err != nil {
			return fmt.Errorf("seat %d: %w", s, err)
		}
	}
	if !ps[0].IsComputer() && ps[0].UserID == ps[1].UserID {
		return fmt.Errorf("user %d sits in both seats", ps[0].UserID)
	}
	return nil
}
