package ai

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// setting is one of the style's settings that Tune may change: its name
// and its field (*int or *float64).
type setting struct {
	name  string
	field any
}

// tunable lists the settings of st that Tune may change, in the order
// its errors name them.
func tunable(st *style) []setting {
	return []setting{
		{"keep1", &st.keep1}, {"window1", &st.window1}, {"keep2", &st.keep2}, {"window2", &st.window2},
		{"pruneKeep", &st.pruneKeep}, {"keepR", &st.keepR}, {"windowR", &st.windowR}, {"trials", &st.trials},
		{"depth", &st.depth}, {"rolloutKeep", &st.rolloutKeep}, {"share", &st.share},
	}
}

// Tune makes the player search otherwise than its level, for measurement
// (nardi-lab teach differ): spec is a comma-separated list of name=value over
// the level's style, the names keep1, window1, keep2, window2 (the 1-ply
// and 2-ply candidates), pruneKeep, keepR, windowR, trials, depth,
// rolloutKeep and share (the rollouts; keepR=0 plays the 2-ply alone). Only levels
// that look ahead (master, grandmaster) can be tuned. Call it before the player
// is used.
func (pl *Player) Tune(spec string) error {
	st := styles[pl.Level]
	if !st.deep {
		return fmt.Errorf("ai: level %s does not search, so it cannot be tuned", pl.Level)
	}
	settings := tunable(&st)
	for _, kv := range strings.Split(spec, ",") {
		name, value, ok := strings.Cut(strings.TrimSpace(kv), "=")
		i := slices.IndexFunc(settings, func(s setting) bool { return s.name == name })
		if !ok || i < 0 {
			names := make([]string, len(settings))
			for k, s := range settings {
				names[k] = s.name
			}
			return fmt.Errorf("ai: tune %q: want name=value, the names %s", kv, strings.Join(names, ", "))
		}
		switch f := settings[i].field.(type) {
		case *int:
			n, err := strconv.Atoi(value)
			if err != nil || n < 0 {
				return fmt.Errorf("ai: tune %s: %q is not a count", name, value)
			}
			*f = n
		case *float64:
			x, err := strconv.ParseFloat(value, 64)
			if err != nil || x < 0 {
				return fmt.Errorf("ai: tune %s: %q is not a window", name, value)
			}
			*f = x
		}
	}
	if st.keep1 < 1 || st.keep2 < 1 {
		return fmt.Errorf("ai: tune: keep1 and keep2 must keep a play at least")
	}
	if st.share > 1 {
		return fmt.Errorf("ai: tune: share is at most 1, not %v", st.share)
	}
	if st.keepR > 1 && st.depth < 2 {
		return fmt.Errorf("ai: tune: rollouts need depth 2 or more, not %d", st.depth)
	}
	pl.tuned = &st
	return nil
}
