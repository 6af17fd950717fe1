//go:build unix

package store

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
)

func TestLockIsExclusive(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "nardi.db")
	release, err := Lock(path)
	if err != nil {
		t.Fatal(err)
	}
	_, err = Lock(path)
	if !errors.Is(err, ErrInUse) {
		t.Fatalf("a second lock: %v", err)
	}
	if pid := strings.TrimSpace(strings.Split(err.Error(), "pid ")[1]); pid != strconv.Itoa(os.Getpid()) || !strings.Contains(err.Error(), path+".lock") {
		t.Errorf("a second lock says %q; want the lock file and pid %d", err, os.Getpid())
	}
	release()
	again, err := Lock(path)
	if err != nil {
		t.Fatalf("after release: %v", err)
	}
	again()
}

func TestLockTellsAMissingFolder(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "no-such-folder")
	_, err := Lock(filepath.Join(dir, "nardi.db"))
	if !errors.Is(err, ErrNoFolder) || errors.Is(err, ErrInUse) {
		t.Fatalf("a lock in a missing folder: %v; want ErrNoFolder", err)
	}
	if !strings.Contains(err.Error(), dir) {
		t.Errorf("%q does not name the folder %s", err, dir)
	}
	// A file where a folder should be is told the same way.
	file := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Lock(filepath.Join(file, "nardi.db")); !errors.Is(err, ErrNoFolder) {
		t.Fatalf("a lock under a file: %v; want ErrNoFolder", err)
	}
}

func TestLockTellsAFolderItMayNotWrite(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("root writes any folder; TestLockOpenErrorTellsPermission covers the message")
	}
	dir := t.TempDir()
	if err := os.Chmod(dir, 0o555); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Chmod(dir, 0o755) })
	_, err := Lock(filepath.Join(dir, "nardi.db"))
	if !errors.Is(err, ErrNoPermission) || !strings.Contains(err.Error(), dir) {
		t.Fatalf("a lock in a read-only folder: %v; want ErrNoPermission naming %s", err, dir)
	}
}

// The image's non-root user on a root-owned volume gets EACCES from the
// open; the message names the lock file, the folder and the user.
func TestLockOpenErrorTellsPermission(t *testing.T) {
	lockPath := "/data/nardi.db.lock"
	for _, errno := range []syscall.Errno{syscall.EACCES, syscall.EPERM, syscall.EROFS} {
		err := lockOpenError(lockPath, &fs.PathError{Op: "open", Path: lockPath, Err: errno})
		if !errors.Is(err, ErrNoPermission) || errors.Is(err, ErrInUse) || errors.Is(err, ErrNoFolder) {
			t.Fatalf("%v: got %v; want ErrNoPermission only", errno, err)
		}
		for _, want := range []string{lockPath, "folder /data ", "user " + strconv.Itoa(os.Getuid())} {
			if !strings.Contains(err.Error(), want) {
				t.Errorf("%v: %q lacks %q", errno, err, want)
			}
		}
	}
	other := lockOpenError(lockPath, &fs.PathError{Op: "open", Path: lockPath, Err: syscall.EISDIR})
	if errors.Is(other, ErrNoPermission) || errors.Is(other, ErrNoFolder) || errors.Is(other, ErrInUse) || !strings.Contains(other.Error(), lockPath) {
		t.Errorf("another failure: %v; want it as it came, naming %s", other, lockPath)
	}
}
