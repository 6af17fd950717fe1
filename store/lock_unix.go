//go:build unix

package store

import (
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
	"syscall"
)

// ErrInUse: another process holds the database (see Lock).
var ErrInUse = errors.New("store: the database is in use by another process")

// Lock takes the database at dbPath for this process alone, with an
// exclusive lock on the file dbPath+".lock" that the system releases when
// the process ends, however it ends (even by SIGKILL). A second process
// gets ErrInUse, naming the first one's pid, and should stop before it
// touches anything: two bots on one database would both poll Telegram,
// and one's shutdown would pause the other's clocks. release gives the
// lock back.
func Lock(dbPath string) (release func(), err error) {
	f, err := os.OpenFile(dbPath+".lock", os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, fmt.Errorf("store: lock %s: %w", dbPath, err)
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		holder, _ := os.ReadFile(dbPath + ".lock")
		f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return nil, fmt.Errorf("%w (pid %s)", ErrInUse, strings.TrimSpace(string(holder)))
		}
		return nil, fmt.Errorf("store: lock %s: %w", dbPath, err)
	}
	if err := f.Truncate(0); err == nil {
		f.WriteAt([]byte(strconv.Itoa(os.Getpid())+"\n"), 0)
	}
	return func() {
		syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
		f.Close()
	}, nil
}
