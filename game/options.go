package game

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"nardi/rules"
)

// Options are the terms of a game, fixed when it begins. The zero value is
// short nardi under the nardi rule set, scored oin 1 and mars 2, without a
// clock.
type Options struct {
	// Variant is the kind of game; nil means the default, rules.Short,
	// and a game keeps the default as nil so that options compare equal
	// with ==. Use Game for the variant in force.
	Variant rules.Variant
	// Rules is the rule set: rules.Nardi (the default) or rules.Standard.
	Rules rules.RuleSet
	// Scoring is what a won game is worth: rules.OinMars (the default) or
	// rules.WithKoks.
	Scoring rules.Scoring
	// Clock is the time control; its zero value plays without a clock.
	Clock TimeControl
	// Cube: the doubling cube is played (the classic game; see Double).
	Cube bool
	// Jacoby: in a money game with the cube, mars and koks count only once
	// the cube has been turned. Never in a match.
	Jacoby bool
	// Match is the length of a match in points (1 to MaxMatch), played
	// game after game in the same Game; 0 plays a single game.
	Match int
	// IdleClaim, in a game without a clock, is how long the seat on turn
	// may leave a decision before its opponent may claim the game as on
	// a timeout (see ClaimTimeout); 0: never. With a clock it may be set
	// only under WaitFirstMove, and bounds seat 0's wait alone.
	IdleClaim time.Duration
	// WaitFirstMove: seat 0's time does not count until it has made a
	// decision of its own (a play not forced on it, or a cube action) in
	// the game or an earlier game of the match; meanwhile its opponent may
	// claim against it only after IdleClaim (never when 0), clock or not.
	// For a game begun on a card its challenger (seat 0) posted in inline
	// mode: nothing proves the challenger was ever shown the game, where
	// the taker (seat 1) showed up by taking it.
	WaitFirstMove bool
}

// Game returns the variant the options play: Variant, or rules.Short.
func (o Options) Game() rules.Variant {
	if o.Variant == nil {
		return rules.Short
	}
	return o.Variant
}

// canonical returns the options with the default variant as nil.
func (o Options) canonical() Options {
	if o.Variant == rules.Variants()[0] {
		o.Variant = nil
	}
	return o
}

// validate checks the options.
func (o Options) validate() error {
	if _, err := rules.ParseVariant(o.Game().Name()); err != nil {
		return err
	}
	if o.Rules != rules.Nardi && o.Rules != rules.Standard {
		return fmt.Errorf("unknown rule set %d", o.Rules)
	}
	if o.Scoring != rules.OinMars && o.Scoring != rules.WithKoks {
		return fmt.Errorf("unknown scoring %d", o.Scoring)
	}
	if o.Match < 0 || o.Match > MaxMatch {
		return fmt.Errorf("a match to %d points (at most %d)", o.Match, MaxMatch)
	}
	if o.Jacoby && o.Match > 0 {
		return fmt.Errorf("the Jacoby rule in a match")
	}
	if o.IdleClaim < 0 || (o.IdleClaim > 0 && o.Clock.Enabled() && !o.WaitFirstMove) {
		return fmt.Errorf("an idle claim after %v with a clock of %v", o.IdleClaim, o.Clock)
	}
	return o.Clock.validate()
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

// MaxClock bounds each part of a time control: a week.
const MaxClock = 7 * Day

// Day is a day, the unit of the slow clocks ("1d": a day a move).
const Day = 24 * time.Hour

// MinMove is the least time a clock that a player asks for (see
// ParseTimeControl) may give each move: a turn takes a few taps, each
// waiting on Telegram, and a slow phone network must not lose a game.
const MinMove = 3 * time.Second

// ErrClockRange is what ParseTimeControl's error wraps for a clock it
// read whose parts are out of bounds: a move under MinMove, or a move or
// a reserve over MaxClock.
var ErrClockRange = errors.New("a clock gives a move MinMove to MaxClock, and a reserve at most MaxClock")

// DuelClock is the default time control of duels: 11 seconds a move, then
// a 90-second reserve.
var DuelClock = TimeControl{Move: 11 * time.Second, Reserve: 90 * time.Second}

// Enabled tells whether the game has a clock at all.
func (tc TimeControl) Enabled() bool { return tc.Move > 0 || tc.Reserve > 0 }

// String writes the time control as ParseTimeControl reads it: "11+90",
// "1d" for whole days a move without reserve, or "0" without a clock.
// Parts are in seconds, with a fraction if needed.
func (tc TimeControl) String() string {
	switch {
	case !tc.Enabled():
		return "0"
	case tc.Reserve == 0 && tc.Move%Day == 0:
		return strconv.FormatInt(int64(tc.Move/Day), 10) + "d"
	}
	return secs(tc.Move) + "+" + secs(tc.Reserve)
}

// Slow tells whether the clock gives a move a day or more, or there is
// none: a game played over hours, whose players are reminded of their
// turn.
func (tc TimeControl) Slow() bool { return !tc.Enabled() || tc.Move >= Day }

func secs(d time.Duration) string {
	return strconv.FormatFloat(d.Seconds(), 'f', -1, 64)
}

// ParseTimeControl reads "M+R" (seconds a move plus seconds of reserve, as
// "11+90" or "5+30"), "M" (no reserve), "Nd" (N days a move, 1 to 7, no
// reserve) or "0" (no clock). A clock gives each move at least MinMove
// and its parts at most MaxClock: outside these bounds the error wraps
// ErrClockRange.
func ParseTimeControl(s string) (TimeControl, error) {
	s = strings.TrimSpace(s)
	if n, ok := strings.CutSuffix(s, "d"); ok {
		days, err := strconv.ParseUint(n, 10, 8)
		if err != nil || n != strconv.FormatUint(days, 10) {
			return TimeControl{}, fmt.Errorf("time control %q: days a move are 1d to %dd", s, MaxClock/Day)
		}
		if days < 1 || days > uint64(MaxClock/Day) {
			return TimeControl{}, fmt.Errorf("time control %q: days a move are 1d to %dd: %w", s, MaxClock/Day, ErrClockRange)
		}
		return TimeControl{Move: time.Duration(days) * Day}, nil
	}
	move, reserve, hasReserve := strings.Cut(s, "+")
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
	if tc.Enabled() && tc.Move < MinMove {
		return TimeControl{}, fmt.Errorf("time control %q: a move has at least %v: %w", s, MinMove, ErrClockRange)
	}
	return tc, nil
}

func parseSecs(s string) (time.Duration, error) {
	n, err := strconv.ParseUint(s, 10, 32)
	if err != nil {
		return 0, fmt.Errorf("%q is not a whole number of seconds", s)
	}
	if n > uint64(MaxClock/time.Second) {
		return 0, fmt.Errorf("%d seconds is more than %v: %w", n, MaxClock, ErrClockRange)
	}
	return time.Duration(n) * time.Second, nil
}

func (tc TimeControl) validate() error {
	if tc.Move < 0 || tc.Reserve < 0 || tc.Move > MaxClock || tc.Reserve > MaxClock {
		return fmt.Errorf("clock %v+%v out of range", tc.Move, tc.Reserve)
	}
	return nil
}
