package bot

import (
	"strings"
	"testing"

	"nardi/locales"
)

// TestCommandTable: every command of the one table is described in every
// language, named once, and routed; /cmd@bot is ours, /cmd@other is not.
func TestCommandTable(t *testing.T) {
	seen := map[string]bool{}
	for _, c := range commands {
		if seen[c.name] || c.run == nil {
			t.Errorf("command %q twice or without a handler", c.name)
		}
		seen[c.name] = true
		for _, l := range locales.Langs {
			if d := locales.T(l, "cmd."+c.name, nil); d == "" || strings.HasPrefix(d, "cmd.") {
				t.Errorf("%s: /%s has no description", l, c.name)
			}
		}
		if got, ok := commandNamed(c.name); !ok || got.name != c.name {
			t.Errorf("/%s is not routed", c.name)
		}
	}
	b := &Bot{username: "NardiBot"}
	for text, want := range map[string]string{"/play master": "play", "/Duel@nardibot 5+30": "duel", "/help@OtherBot": "", "hello": ""} {
		name, _, ok := b.parseCommand(text)
		if (want == "") == ok || name != want {
			t.Errorf("%q parses as %q, %v", text, name, ok)
		}
	}
	for op, handle := range ops {
		if handle == nil || len(op) != 2 {
			t.Errorf("op %q", op)
		}
	}
}
