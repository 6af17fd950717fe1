package rules

import (
	"encoding/base64"
	"fmt"
)

// GameState is the state of a game as gnubg's Match ID records it.
type GameState uint8

// The game states of a Match ID.
const (
	GameNone GameState = iota
	GamePlaying
	GameOver
	GameResigned
	GameDropped
)

// MatchState is what a gnubg Match ID holds. Players are 0 and 1; CubeOwner
// is -1 for a centred cube.
type MatchState struct {
	Cube        int  // cube value, a power of two
	CubeOwner   int  // -1 centred, else the owning player
	DiceOwner   int  // the player on roll or who rolled
	Crawford    bool // this is the Crawford game
	State       GameState
	Turn        int // the player who must decide now
	Doubled     bool
	Resign      int    // 0 none, 1 single, 2 gammon, 3 backgammon
	Dice        [2]int // 0 when not rolled
	MatchLength int    // 0 for money play
	Score       [2]int
	NoJacoby    bool // the Jacoby rule is off (money play)
}

type bitWriter struct {
	key [9]byte
	n   int
}

func (w *bitWriter) put(v, bits int) {
	for i := 0; i < bits; i++ {
		if v&(1<<i) != 0 {
			w.key[w.n>>3] |= 1 << (w.n & 7)
		}
		w.n++
	}
}

type bitReader struct {
	key []byte
	n   int
}

func (r *bitReader) get(bits int) int {
	v := 0
	for i := 0; i < bits; i++ {
		if r.key[r.n>>3]&(1<<(r.n&7)) != 0 {
			v |= 1 << i
		}
		r.n++
	}
	return v
}

// MatchID returns the 12-character gnubg Match ID of the state.
func (m MatchState) MatchID() string {
	var w bitWriter
	logCube := 0
	for c := m.Cube; c > 1; c >>= 1 {
		logCube++
	}
	owner := 3
	if m.CubeOwner >= 0 {
		owner = m.CubeOwner
	}
	w.put(logCube, 4)
	w.put(owner, 2)
	w.put(m.DiceOwner, 1)
	w.put(boolBit(m.Crawford), 1)
	w.put(int(m.State), 3)
	w.put(m.Turn, 1)
	w.put(boolBit(m.Doubled), 1)
	w.put(m.Resign, 2)
	w.put(m.Dice[0], 3)
	w.put(m.Dice[1], 3)
	w.put(m.MatchLength, 15)
	w.put(m.Score[0], 15)
	w.put(m.Score[1], 15)
	w.put(boolBit(m.NoJacoby), 1)
	return base64.StdEncoding.EncodeToString(w.key[:])
}

func boolBit(b bool) int {
	if b {
		return 1
	}
	return 0
}

// ParseMatchID decodes a gnubg Match ID.
func ParseMatchID(id string) (MatchState, error) {
	var m MatchState
	if len(id) != 12 {
		return m, fmt.Errorf("match id %q: want 12 characters, got %d", id, len(id))
	}
	key, err := base64.StdEncoding.DecodeString(id)
	if err != nil || len(key) != 9 {
		return m, fmt.Errorf("match id %q: not Base64", id)
	}
	r := bitReader{key: key}
	m.Cube = 1 << r.get(4)
	m.CubeOwner = r.get(2)
	if m.CubeOwner == 3 {
		m.CubeOwner = -1
	} else if m.CubeOwner == 2 {
		return m, fmt.Errorf("match id %q: bad cube owner", id)
	}
	m.DiceOwner = r.get(1)
	m.Crawford = r.get(1) == 1
	m.State = GameState(r.get(3))
	if m.State > GameDropped {
		return m, fmt.Errorf("match id %q: bad game state %d", id, m.State)
	}
	m.Turn = r.get(1)
	m.Doubled = r.get(1) == 1
	m.Resign = r.get(2)
	m.Dice[0] = r.get(3)
	m.Dice[1] = r.get(3)
	if m.Dice[0] > 6 || m.Dice[1] > 6 {
		return m, fmt.Errorf("match id %q: bad dice %v", id, m.Dice)
	}
	m.MatchLength = r.get(15)
	m.Score[0] = r.get(15)
	m.Score[1] = r.get(15)
	m.NoJacoby = r.get(1) == 1
	return m, nil
}
