//go:build unix

package render

import "syscall"

// cpuTime returns the processor time the process has used, in
// nanoseconds: on a shared machine a fairer measure of work than the wall
// clock, which counts the time spent waiting for a core.
func cpuTime() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}
