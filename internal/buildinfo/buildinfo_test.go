package buildinfo

import (
	"runtime/debug"
	"testing"
)

func TestFromInfo(t *testing.T) {
	vcs := func(kv ...string) []debug.BuildSetting {
		var out []debug.BuildSetting
		for i := 0; i < len(kv); i += 2 {
			out = append(out, debug.BuildSetting{Key: kv[i], Value: kv[i+1]})
		}
		return out
	}
	for _, tc := range []struct {
		name string
		info debug.BuildInfo
		want string
	}{
		{"no vcs", debug.BuildInfo{Main: debug.Module{Version: "(devel)"}}, "devel"},
		{"module version", debug.BuildInfo{Main: debug.Module{Version: "v1.4.0"}}, "v1.4.0"},
		{"commit", debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: vcs(
			"vcs", "git", "vcs.revision", "a3391b6c0ffee0123456789abcdef0123456789a", "vcs.time", "2026-01-02T03:04:05Z", "vcs.modified", "false")},
			"a3391b6c0ffe (2026-01-02T03:04:05Z)"},
		{"dirty", debug.BuildInfo{Settings: vcs("vcs.revision", "a3391b6c0ffee0123456789abcdef0123456789a", "vcs.modified", "true")},
			"a3391b6c0ffe-dirty"},
	} {
		if got := fromInfo(&tc.info); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
}
