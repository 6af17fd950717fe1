//go:build unix

package store

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
)

// Errors Lock may return, wrapped with the paths concerned; test with
// errors.Is.
var (
	// ErrInUse: another process holds the database (see Lock).
	ErrInUse = errors.New("store: the database is in use by another process")
	// ErrNoFolder: the folder meant to hold the database does not exist
	// (or a part of its path is not a folder).
	ErrNoFolder = errors.New("store: the database's folder does not exist")
	// ErrNoPermission: this process may not create or write the lock file
	// beside the database, as when the folder belongs to another user.
	ErrNoPermission = errors.New("store: no permission to write beside the database")
)

// Lock takes the database at dbPath for this process alone, with an
// exclusive lock on the file dbPath+".lock" that the system releases when
// the process ends, however it ends (even by SIGKILL). A second process
// gets ErrInUse, naming the first one's pid, and should stop before it
// touches anything: two bots on one database would both poll Telegram,
// and one's shutdown would pause the other's clocks. A missing folder
// gives ErrNoFolder and a folder this process may not write gives
// ErrNoPermission, each naming the path. release gives the lock back.
func Lock(dbPath string) (release func(), err error) {
	lockPath := dbPath + ".lock"
	f, err := os.OpenFile(lockPath, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, lockOpenError(lockPath, err)
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		holder, _ := os.ReadFile(lockPath)
		f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return nil, fmt.Errorf("%w: %s is locked by pid %s", ErrInUse, lockPath, strings.TrimSpace(string(holder)))
		}
		return nil, fmt.Errorf("store: lock %s: %w", lockPath, err)
	}
	if err := f.Truncate(0); err == nil {
		f.WriteAt([]byte(strconv.Itoa(os.Getpid())+"\n"), 0)
	}
	return func() {
		syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
		f.Close()
	}, nil
}

// lockOpenError tells why the lock file at lockPath could not be opened:
// a missing folder, a permission refused (naming the user, whose uid a
// container's volume must let write), or anything else as it came.
func lockOpenError(lockPath string, err error) error {
	dir := filepath.Dir(lockPath)
	switch {
	case errors.Is(err, syscall.ENOENT), errors.Is(err, syscall.ENOTDIR):
		return fmt.Errorf("%w: %s (create it, or put the database in a folder that exists): %w", ErrNoFolder, dir, err)
	case errors.Is(err, syscall.EACCES), errors.Is(err, syscall.EPERM), errors.Is(err, syscall.EROFS):
		return fmt.Errorf("%w: user %d may not create or write %s (the folder %s must be writable by this user): %w",
			ErrNoPermission, os.Getuid(), lockPath, dir, err)
	}
	return fmt.Errorf("store: lock %s: %w", lockPath, err)
}
