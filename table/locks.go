package table

import (
	"strconv"
	"sync"
)

// keyedLocks hands out one mutex per key, so that one game's (or chat's,
// or challenge's) work is done one at a time while others run in
// parallel. A lock is forgotten once nobody holds or waits for it.
type keyedLocks struct {
	mu    sync.Mutex
	locks map[string]*keyedLock
}

type keyedLock struct {
	sync.Mutex
	users int
}

// lock locks key and returns the function that unlocks it.
func (k *keyedLocks) lock(key string) func() {
	k.mu.Lock()
	if k.locks == nil {
		k.locks = map[string]*keyedLock{}
	}
	l := k.locks[key]
	if l == nil {
		l = &keyedLock{}
		k.locks[key] = l
	}
	l.users++
	k.mu.Unlock()
	l.Lock()
	return func() {
		l.Unlock()
		k.mu.Lock()
		l.users--
		if l.users == 0 {
			delete(k.locks, key)
		}
		k.mu.Unlock()
	}
}

// gameKey, chatKey, challengeKey and promptKey name the locks of a game,
// a chat, a challenge and a chat's prompts.
func gameKey(id int64) string         { return "g" + strconv.FormatInt(id, 10) }
func chatKey(id int64) string         { return "c" + strconv.FormatInt(id, 10) }
func challengeKey(code string) string { return "x" + code }
func promptKey(chat int64) string     { return "p" + strconv.FormatInt(chat, 10) }
