// Package buildinfo tells which build of nardi is running: the version
// given at link time, or else what the Go toolchain recorded of the
// module and its version control.
package buildinfo

import (
	"runtime/debug"
)

// version, when set at link time, is the version whatever the build
// recorded:
//
//	go build -ldflags "-X nardi/internal/buildinfo.version=v1.4.0" .
var version string

// Version returns the build's version: the one set at link time; else
// the module's version (go install nardi@v1.4.0); else the commit it was
// built from (12 hex digits, "-dirty" with changes not committed, and the
// commit's time); else "devel".
func Version() string {
	if version != "" {
		return version
	}
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "devel"
	}
	return fromInfo(info)
}

// fromInfo reads the version out of what the toolchain recorded.
func fromInfo(info *debug.BuildInfo) string {
	if v := info.Main.Version; v != "" && v != "(devel)" {
		return v
	}
	var revision, at string
	dirty := false
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			revision = s.Value
		case "vcs.time":
			at = s.Value
		case "vcs.modified":
			dirty = s.Value == "true"
		}
	}
	if revision == "" {
		return "devel"
	}
	v := revision[:min(12, len(revision))]
	if dirty {
		v += "-dirty"
	}
	if at != "" {
		v += " (" + at + ")"
	}
	return v
}
