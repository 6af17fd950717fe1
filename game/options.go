package game

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"nardi/rules"
)

// Options are the terms of a game, fixed when it begins. The zero value is
// short nardi under the nardi rule set without a clock.
type Options struct {
	// Rules is the rule set: rules.Nardi (the default) or rules.Standard.
	Rules rules.RuleSet `json:"rules"`
	// Variant is Short (the default) or Classic.
	Variant Variant `json:"variant"`
	// Clock is the time control; its zero value plays without a clock.
	Clock TimeControl `json:"clock"`
}

// validate checks the options.
func (o Options) validate() error {
	if o.Rules != rules.Nardi && o.Rules != rules.Standard {
		return fmt.Errorf("unknown rule set %d", o.Rules)
	}
	if o.Variant != Short && o.Variant != Classic {
		return fmt.Errorf("unknown variant %d", o.Variant)
	}
	return o.Clock.validate()
}

// Variant chooses how a game is scored.
type Variant uint8

// The variants.
const (
	// Short is short nardi as played in the bot: oin 1, mars 2, no koks.
	Short Variant = iota
	// Classic also counts koks (3) and is where the doubling cube will be
	// played.
	Classic
)

// String returns "short" or "classic".
func (v Variant) String() string {
	if v == Classic {
		return "classic"
	}
	return "short"
}

// ParseVariant reads "short" (or "") and "classic".
func ParseVariant(s string) (Variant, error) {
	switch s {
	case "short", "":
		return Short, nil
	case "classic":
		return Classic, nil
	}
	return Short, fmt.Errorf("unknown variant %q (want short or classic)", s)
}

// MarshalText writes the variant's name.
func (v Variant) MarshalText() ([]byte, error) { return []byte(v.String()), nil }

// UnmarshalText reads a variant's name.
func (v *Variant) UnmarshalText(b []byte) error {
	x, err := ParseVariant(string(b))
	if err != nil {
		return err
	}
	*v = x
	return nil
}

// TimeControl is a clock as in our reference app: each move first spends
// up to Move, then eats into the player's Reserve, which carries over from
// move to move. The zero value means no clock.
type TimeControl struct {
	// Move is the time each move has before the reserve is touched.
	Move time.Duration `json:"move,omitempty"`
	// Reserve is each player's reserve at the start of the game.
	Reserve time.Duration `json:"reserve,omitempty"`
}

// MaxClock bounds each part of a time control.
const MaxClock = 24 * time.Hour

// DuelClock is the default time control of duels: 11 seconds a move, then
// a 90-second reserve.
var DuelClock = TimeControl{Move: 11 * time.Second, Reserve: 90 * time.Second}

// Enabled tells whether the game has a clock at all.
func (tc TimeControl) Enabled() bool { return tc.Move > 0 || tc.Reserve > 0 }

// String writes the time control as ParseTimeControl reads it: "11+90",
// or "0" without a clock. Parts are in seconds, with a fraction if needed.
func (tc TimeControl) String() string {
	if !tc.Enabled() {
		return "0"
	}
	return secs(tc.Move) + "+" + secs(tc.Reserve)
}

func secs(d time.Duration) string {
	return strconv.FormatFloat(d.Seconds(), 'f', -1, 64)
}

// ParseTimeControl reads "M+R" (seconds a move plus seconds of reserve, as
// "11+90" or "5+30"), "M" (no reserve) or "0" (no clock).
func ParseTimeControl(s string) (TimeControl, error) {
	move, reserve, hasReserve := strings.Cut(strings.TrimSpace(s), "+")
	var tc TimeControl
	var err error
	if tc.Move, err = parseSecs(move); err != nil {
		return TimeControl{}, fmt.Errorf("time control %q: %w", s, err)
	}
	if hasReserve {
		if tc.Reserve, err = parseSecs(reserve); err != nil {
			return TimeControl{}, fmt.Errorf("time control %q: %w", s, err)
		}
	}
	if err := tc.validate(); err != nil {
		return TimeControl{}, fmt.Errorf("time control %q: %w", s, err)
	}
	return tc, nil
}

func parseSecs(s string) (time.Duration, error) {
	n, err := strconv.ParseUint(s, 10, 32)
	if err != nil {
		return 0, fmt.Errorf("%q is not a whole number of seconds", s)
	}
	if n > uint64(MaxClock/time.Second) {
		return 0, fmt.Errorf("%d seconds is more than %v", n, MaxClock)
	}
	return time.Duration(n) * time.Second, nil
}

func (tc TimeControl) validate() error {
	if tc.Move < 0 || tc.Reserve < 0 || tc.Move > MaxClock || tc.Reserve > MaxClock {
		return fmt.Errorf("clock %v+%v out of range", tc.Move, tc.Reserve)
	}
	return nil
}
