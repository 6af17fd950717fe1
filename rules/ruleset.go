package rules

import "fmt"

// RuleSet chooses between the two sets of rules a game may use.
type RuleSet uint8

const (
	// Nardi is the default: standard rules, and among the full plays only
	// those that move the most pips are legal, so a bear-off may not waste
	// more pips than another play would.
	Nardi RuleSet = iota
	// Standard is backgammon as GNU Backgammon plays it.
	Standard
)

// String returns the rule set's name as written on the command line.
func (r RuleSet) String() string {
	if r == Standard {
		return "standard"
	}
	return "nardi"
}

// ParseRuleSet reads "nardi" or "standard".
func ParseRuleSet(s string) (RuleSet, error) {
	switch s {
	case "nardi", "":
		return Nardi, nil
	case "standard":
		return Standard, nil
	}
	return Nardi, fmt.Errorf("unknown rule set %q (want nardi or standard)", s)
}

// MarshalText writes the rule set's name.
func (r RuleSet) MarshalText() ([]byte, error) { return []byte(r.String()), nil }

// UnmarshalText reads a rule set's name.
func (r *RuleSet) UnmarshalText(b []byte) error {
	v, err := ParseRuleSet(string(b))
	if err != nil {
		return err
	}
	*r = v
	return nil
}
