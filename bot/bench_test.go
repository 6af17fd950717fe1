package bot

import (
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"nardi/bot/telegramtest"
)

// BenchmarkFiftyGames plays 50 games against the computer at once, each
// player tapping steps as soon as the board offers them, and reports the
// time from a tap to its answer and to the board showing the step
// (p50/p99 in ms), with 400 ms of thought before each tap. Run it with
// -benchtime 1x.
func BenchmarkFiftyGames(b *testing.B) {
	for _, level := range []string{"beginner", "master"} {
		b.Run(level, func(b *testing.B) {
			for b.Loop() {
				benchGames(b, level, 50, 30)
			}
		})
	}
}

// think is how long a player looks at the board before tapping.
const think = 400 * time.Millisecond

func benchGames(b *testing.B, level string, games, tapsEach int) {
	h := newPacedHarness(&testing.T{})
	defer func() { h.stop(); h.srv.Close() }()
	var mu sync.Mutex
	var answers, boards []time.Duration
	var wg sync.WaitGroup
	for i := 0; i < games; i++ {
		u := telegramtest.User{ID: int64(5000 + i), FirstName: fmt.Sprint("P", i), LanguageCode: "en"}
		wg.Add(1)
		go func() {
			defer wg.Done()
			h.srv.SendText(u, u.Private(), "/play "+level)
			m, ok := h.srv.WaitMessage(wait, func(m *telegramtest.Message) bool { return m.ChatID == u.ID && m.Photo != nil })
			if !ok {
				b.Error("no board")
				return
			}
			for n := 0; n < tapsEach; n++ {
				cur, ok := h.srv.WaitMessageID(m.ID, wait, func(x *telegramtest.Message) bool { return playable(x.Copy()) })
				if !ok || hasOp(cur, opRematch) {
					return
				}
				data := steps(cur)[0].CallbackData
				time.Sleep(think)
				start := time.Now()
				a, ok := h.srv.WaitAnswer(h.srv.Tap(u, m.ID, data), wait)
				tAnswer := time.Since(start)
				if !ok || a.Text != "" {
					continue
				}
				_, ok = h.srv.WaitMessageID(m.ID, wait, func(x *telegramtest.Message) bool {
					for _, bt := range x.Buttons() {
						if bt.CallbackData == data {
							return false
						}
					}
					return true
				})
				tBoard := time.Since(start)
				if ok {
					mu.Lock()
					answers = append(answers, tAnswer)
					boards = append(boards, tBoard)
					mu.Unlock()
				}
			}
		}()
	}
	wg.Wait()
	pct := func(ds []time.Duration, p int) float64 {
		if len(ds) == 0 {
			return 0
		}
		slices.Sort(ds)
		return float64(ds[min(len(ds)-1, len(ds)*p/100)].Microseconds()) / 1000
	}
	b.ReportMetric(float64(len(answers)), "steps")
	b.ReportMetric(pct(answers, 50), "answer-p50-ms")
	b.ReportMetric(pct(answers, 99), "answer-p99-ms")
	b.ReportMetric(pct(boards, 50), "board-p50-ms")
	b.ReportMetric(pct(boards, 99), "board-p99-ms")
}
