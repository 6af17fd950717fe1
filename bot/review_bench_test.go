package bot

import (
	"fmt"
	"slices"
	"testing"
	"time"

	"nardi/bot/telegramtest"
)

// BenchmarkComputerDuringReviews: a player plays the master computer,
// tapping her steps as soon as the board offers them, alone and then while
// four others flood 🔍 and /review under their finished games; it reports
// the time from each tap to the board offering her next step (the
// computer's turn included), p50 and worst in ms, and the reviews posted
// (one a flooder). Run it with -benchtime 1x.
func BenchmarkComputerDuringReviews(b *testing.B) {
	for b.Loop() {
		for _, flood := range []bool{false, true} {
			h := newPacedHarness(&testing.T{})
			var flooders []telegramtest.User
			var boards []telegramtest.Message
			if flood {
				for i := range 4 {
					u := telegramtest.User{ID: int64(6100 + i), FirstName: fmt.Sprint("F", i), LanguageCode: "en"}
					flooders = append(flooders, u)
					boards = append(boards, h.resignedAgainstComputer(u))
				}
			}
			stop := make(chan struct{})
			for i, u := range flooders {
				data := opButton(b, boards[i], opReview).CallbackData
				go func() {
					for {
						select {
						case <-stop:
							return
						case <-time.After(100 * time.Millisecond):
						}
						h.srv.Tap(u, boards[i].ID, data)
						h.srv.SendText(u, u.Private(), "/review")
					}
				}()
			}
			nino := telegramtest.User{ID: 6200, FirstName: "Nino", LanguageCode: "en"}
			h.srv.SendText(nino, nino.Private(), "/play master")
			m := h.board(nino.ID)
			var waits []time.Duration
			for range 40 {
				cur, ok := h.srv.WaitMessageID(m.ID, wait, func(x *telegramtest.Message) bool { return playable(x.Copy()) })
				if !ok || hasOp(cur, opRematch) {
					break
				}
				data := steps(cur)[0].CallbackData
				start := time.Now()
				h.srv.Tap(nino, m.ID, data)
				_, ok = h.srv.WaitMessageID(m.ID, wait, func(x *telegramtest.Message) bool {
					return playable(x.Copy()) && (hasOp(x.Copy(), opRematch) || steps(x.Copy())[0].CallbackData != data)
				})
				if ok {
					waits = append(waits, time.Since(start))
				}
			}
			close(stop)
			posted := 0
			for _, u := range flooders {
				n, _ := h.reviews(u.ID)
				posted += n
			}
			h.stop()
			h.srv.Close()
			slices.Sort(waits)
			name := map[bool]string{false: "alone", true: "flood"}[flood]
			if len(waits) > 0 {
				b.ReportMetric(float64(waits[len(waits)/2].Milliseconds()), name+"-p50-ms")
				b.ReportMetric(float64(waits[len(waits)-1].Milliseconds()), name+"-worst-ms")
			}
			if flood {
				b.ReportMetric(float64(posted), "reviews")
			}
		}
	}
}
