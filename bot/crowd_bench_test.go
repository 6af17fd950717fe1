package bot

import (
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"slices"
	"sync"
	"testing"
	"time"

	"nardi/bot/telegramtest"
	"nardi/store"
)

// crowdTime is how long each crowd of BenchmarkCrowd plays.
var crowdTime = flag.Duration("crowd.time", 40*time.Second, "how long each crowd of BenchmarkCrowd plays")

// BenchmarkCrowd plays crowds of people against the computer at once,
// each in a private chat through the fake Bot API, each tapping a step
// 0.5 to 1.7 s after the board offers it, and reports the turnaround:
// from the tap that ends a person's turn to the board offering his next
// decision (p50, p95, worst, in ms), as a person sees it. Run it with
// -benchtime 1x, e.g.
//
//	go test ./bot -run X -bench 'Crowd/^master-50$' -benchtime 1x -crowd.time 40s
func BenchmarkCrowd(b *testing.B) {
	for _, c := range []struct {
		level  string
		people int
	}{
		{"master", 1}, {"master", 20}, {"master", 50},
		{"grandmaster", 1}, {"grandmaster", 20}, {"grandmaster", 50},
	} {
		b.Run(fmt.Sprintf("%s-%d", c.level, c.people), func(b *testing.B) {
			for b.Loop() {
				benchCrowd(b, c.level, c.people)
			}
		})
	}
}

func benchCrowd(b *testing.B, level string, people int) {
	h := newPacedHarness(&testing.T{})
	defer func() { h.stop(); h.srv.Close() }()
	var mu sync.Mutex
	var turns []time.Duration
	end := time.Now().Add(*crowdTime)
	var wg sync.WaitGroup
	for i := range people {
		u := telegramtest.User{ID: int64(7000 + i), FirstName: fmt.Sprint("P", i), LanguageCode: "en"}
		rng := rand.New(rand.NewPCG(uint64(i), 11))
		wg.Add(1)
		go func() {
			defer wg.Done()
			// The people arrive over the first two seconds.
			time.Sleep(time.Duration(rng.IntN(2000)) * time.Millisecond)
			board, last, id := 0, 0, int64(0)
			for time.Now().Before(end) {
				if board == 0 {
					h.srv.SendText(u, u.Private(), "/play "+level)
					m, ok := h.srv.WaitMessage(wait, func(m *telegramtest.Message) bool {
						return m.ChatID == u.ID && m.Photo != nil && m.ID > last && playable(m.Copy())
					})
					if !ok {
						b.Errorf("%s has no board", u.FirstName)
						return
					}
					rec, err := h.st.ActiveGame(context.Background(), u.ID, u.ID)
					if err != nil {
						b.Errorf("%s has no game: %v", u.FirstName, err)
						return
					}
					board, last, id = m.ID, m.ID, rec.ID
				}
				cur, ok := h.srv.WaitMessageID(board, wait, func(x *telegramtest.Message) bool { return playable(x.Copy()) })
				if !ok {
					b.Errorf("%s's board offers nothing", u.FirstName)
					return
				}
				if hasOp(cur, opRematch) {
					board = 0 // the game is over: another
					continue
				}
				time.Sleep(time.Duration(500+rng.IntN(1200)) * time.Millisecond)
				data := steps(cur)[0].CallbackData
				start := time.Now()
				a, ok := h.srv.WaitAnswer(h.srv.Tap(u, board, data), wait)
				if !ok || a.Text != "" {
					continue
				}
				if !turnEnded(h.st, id, u.ID) {
					continue
				}
				_, ok = h.srv.WaitMessageID(board, wait, func(x *telegramtest.Message) bool {
					c := x.Copy()
					return playable(c) && (hasOp(c, opRematch) || steps(c)[0].CallbackData != data)
				})
				if ok {
					mu.Lock()
					turns = append(turns, time.Since(start))
					mu.Unlock()
				}
			}
		}()
	}
	wg.Wait()
	if len(turns) == 0 {
		b.Fatal("no turn was played")
	}
	slices.Sort(turns)
	pct := func(q float64) float64 {
		return float64(turns[int(q*float64(len(turns)-1))].Microseconds()) / 1000
	}
	b.ReportMetric(float64(len(turns)), "turns")
	b.ReportMetric(pct(0.5), "p50-ms")
	b.ReportMetric(pct(0.95), "p95-ms")
	b.ReportMetric(pct(1), "worst-ms")
}

// turnEnded tells whether a person's game against the computer has left
// his turn (the computer's, or over).
func turnEnded(st *store.Store, id, user int64) bool {
	rec, err := st.LoadGame(context.Background(), id)
	if err != nil {
		return false
	}
	g := rec.Game
	return g.Over() || g.Player(g.Turn()).UserID != user
}
