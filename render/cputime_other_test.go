//go:build !unix

package render

// cpuTime returns 0 where the process's processor time is not read.
func cpuTime() int64 { return 0 }
