package game

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base32"
	"encoding/hex"
	"fmt"
	"strconv"
	"strings"

	"nardi/rules"
)

// Dice anyone can verify. Each game draws a secret 32-byte seed from
// crypto/rand and shows its commitment, the lowercase hex of
// SHA-256(seed), when it starts. Throw k of the game (k = 1, 2, … over
// every throw in order, each opening throw included, a tied one thrown
// again as the next k) is FairThrow(seed, id, k): the bytes of
// HMAC-SHA256(key seed, message "<id>:<k>:<j>") for j = 0, 1, …, read in
// order; a byte b counts only if b < 252 (so that each face is exactly as
// likely), as the die b mod 6 + 1; the first two that count are the first
// and the second die. In an opening throw the first die is seat 0's. The
// seed is revealed once the game is over or closed (abandoned), whatever
// the way, so that anyone can recompute every throw and check the
// commitment. Nothing else decides the dice (a Roller given for tests
// replaces them, and says so by Verifiable).

// FairThrow returns throw k of the game whose dice seed and id are given.
func FairThrow(seed [32]byte, id string, k int) rules.Dice {
	var d [2]int
	n := 0
	for j := 0; n < 2; j++ {
		mac := hmac.New(sha256.New, seed[:])
		mac.Write([]byte(id + ":" + strconv.Itoa(k) + ":" + strconv.Itoa(j)))
		for _, b := range mac.Sum(nil) {
			if b < 252 {
				d[n] = int(b%6) + 1
				n++
				if n == 2 {
					break
				}
			}
		}
	}
	return rules.Dice{d[0], d[1]}
}

// Commitment is the lowercase hex of SHA-256(seed).
func Commitment(seed [32]byte) string {
	h := sha256.Sum256(seed[:])
	return hex.EncodeToString(h[:])
}

// newSeed draws a dice seed from crypto/rand.
func newSeed() [32]byte {
	var s [32]byte
	rand.Read(s[:]) // never fails (it crashes the program instead)
	return s
}

// newDiceBase draws the base of a game's dice id: ten characters of
// lowercase base32, unique in practice.
func newDiceBase() string {
	var b [5]byte
	rand.Read(b[:])
	return strings.ToLower(base32.StdEncoding.EncodeToString(b[:]))
}

// parseSeed reads a seed written as 64 hex digits.
func parseSeed(s string) ([32]byte, error) {
	var seed [32]byte
	b, err := hex.DecodeString(s)
	if err != nil || len(b) != len(seed) {
		return seed, fmt.Errorf("dice seed %q", s)
	}
	copy(seed[:], b)
	return seed, nil
}

// DiceID is the current game's id in its dice messages: the game's base
// id, and in a match "-" and the game's number ("k3f9q2m4ta-2").
func (g *Game) DiceID() string {
	if g.opts.Match > 0 {
		return g.diceBase + "-" + strconv.Itoa(g.match.Number)
	}
	return g.diceBase
}

// DiceCommitment is the commitment to the current game's dice seed.
func (g *Game) DiceCommitment() string { return Commitment(g.seed) }

// DiceSeed returns the current game's dice seed in hex once the game is
// over or closed (see Close), however it ended, and false before: it is
// secret while the game may go on.
func (g *Game) DiceSeed() (string, bool) {
	if g.phase != PhaseOver && !g.closed {
		return "", false
	}
	return hex.EncodeToString(g.seed[:]), true
}

// Throws returns how many throws the current game has made.
func (g *Game) Throws() int { return g.throws }

// Verifiable tells whether every throw of the current game came from its
// seed (false once a Roller made one, as in tests, or for a game stored
// before the dice had seeds).
func (g *Game) Verifiable() bool { return !g.unverifiable }

// throw makes the next throw of the game: from the seed, or from the
// Roller given for tests.
func (g *Game) throw() rules.Dice {
	g.throws++
	if g.roller != nil {
		g.unverifiable = true
		return rules.Dice{g.die(), g.die()}
	}
	return FairThrow(g.seed, g.DiceID(), g.throws)
}

// ParseSeed reads a dice seed written as 64 hex digits.
func ParseSeed(s string) ([32]byte, error) { return parseSeed(s) }
