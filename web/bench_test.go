package web

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"

	"nardi/store"
	"nardi/table"
)

// BenchmarkLiveBoard plays 25 group duels at once through the live board,
// 50 pages open on loopback, each mover making one step after another
// over HTTP while the opponent's page follows over its WebSocket. It
// reports the step's answer (p50, p95) and how long until the opponent's
// page has the new state (p50, p95):
//
//	go test ./web -run x -bench LiveBoard -benchtime 1x
func BenchmarkLiveBoard(b *testing.B) {
	const duels = 25
	f := newFixture(b)
	ctx := context.Background()
	type duel struct {
		code    string
		players [2]Person
	}
	var ds []duel
	for i := range duels {
		var ps [2]Person
		var us [2]store.User
		for j := range ps {
			ps[j] = Person{ID: int64(100 + 2*i + j), FirstName: "P" + strconv.Itoa(2*i+j), LanguageCode: "en"}
			u, err := f.st.UpsertUser(ctx, store.UserInfo{ID: ps[j].ID, Name: ps[j].FirstName, LangCode: "en"}, time.Now())
			if err != nil {
				b.Fatal(err)
			}
			us[j] = u
		}
		chat := int64(-1000 - i)
		c, err := f.table.PostChallenge(ctx, table.Actor{User: us[0], Chat: chat}, store.Challenge{Kind: store.KindGroup, ChatID: chat},
			func(store.Challenge) (int64, error) { return 50, nil })
		if err != nil {
			b.Fatal(err)
		}
		acc, err := f.table.Accept(ctx, table.Actor{User: us[1], Chat: chat, Message: 50}, c.Code)
		if err != nil {
			b.Fatal(err)
		}
		ds = append(ds, duel{code: f.table.LiveCode(acc.Game.ID), players: ps})
	}
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 2 * duels}}
	var mu sync.Mutex
	var answers, seen []time.Duration
	b.ResetTimer()
	var wg sync.WaitGroup
	for _, d := range ds {
		wg.Go(func() {
			inits := [2]string{}
			for j, p := range d.players {
				inits[j] = SignInitData(testToken, p, time.Now(), nil)
			}
			// Both pages follow the game.
			var conns [2]*websocket.Conn
			states := [2]chan State{make(chan State, 64), make(chan State, 64)}
			for j := range conns {
				u := strings.Replace(f.srv.URL, "http", "ws", 1) + "/app/api/live?g=" + url.QueryEscape(d.code) + "&init=" + url.QueryEscape(inits[j])
				c, _, err := websocket.Dial(ctx, u, nil)
				if err != nil {
					b.Error(err)
					return
				}
				conns[j] = c
				defer c.CloseNow()
				go func() {
					for {
						_, msg, err := c.Read(ctx)
						if err != nil {
							return
						}
						var s State
						if json.Unmarshal(msg, &s) == nil {
							states[j] <- s
						}
					}
				}()
			}
			last := [2]State{<-states[0], <-states[1]}
			for range 12 {
				mover := 0
				if last[1].Mode == "move" {
					mover = 1
				}
				st := last[mover]
				if st.Mode != "move" || len(st.Moves) == 0 {
					// A pass or a roll's play made by itself: wait for it.
					select {
					case last[0] = <-states[0]:
					case last[1] = <-states[1]:
					case <-time.After(5 * time.Second):
						return
					}
					continue
				}
				var from, to int
				for k, ts := range st.Moves {
					from, _ = strconv.Atoi(k)
					to = ts[0]
					break
				}
				body, _ := json.Marshal(actRequest{Code: d.code, Counter: st.Counter, Action: "step", From: from, To: to})
				req, _ := http.NewRequest("POST", f.srv.URL+"/app/api/act", bytes.NewReader(body))
				req.Header.Set("X-Init-Data", inits[mover])
				start := time.Now()
				resp, err := client.Do(req)
				if err != nil {
					b.Error(err)
					return
				}
				raw, err := io.ReadAll(resp.Body)
				resp.Body.Close()
				answered := time.Since(start)
				if err != nil {
					b.Error(err)
					return
				}
				if resp.StatusCode == http.StatusConflict {
					// The page was behind the game (an automatic play came
					// first): it goes on from the state it is given.
					var refusal apiError
					if json.Unmarshal(raw, &refusal) == nil && refusal.State != nil {
						last[mover] = *refusal.State
					}
					continue
				}
				var next State
				if err := json.Unmarshal(raw, &next); err != nil || resp.StatusCode != http.StatusOK {
					b.Errorf("a step answered %d: %v", resp.StatusCode, err)
					return
				}
				other := 1 - mover
				for last[other].Counter < next.Counter {
					select {
					case last[other] = <-states[other]:
					case <-time.After(5 * time.Second):
						b.Error("the opponent's page never heard of the step")
						return
					}
				}
				followed := time.Since(start)
				for last[mover].Counter < next.Counter {
					last[mover] = <-states[mover]
				}
				mu.Lock()
				answers, seen = append(answers, answered), append(seen, followed)
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	b.StopTimer()
	pct := func(ds []time.Duration, p float64) float64 {
		if len(ds) == 0 {
			return 0
		}
		s := slices.Clone(ds)
		slices.Sort(s)
		return float64(s[int(p*float64(len(s)-1))].Microseconds()) / 1000
	}
	b.ReportMetric(pct(answers, 0.5), "step-p50-ms")
	b.ReportMetric(pct(answers, 0.95), "step-p95-ms")
	b.ReportMetric(pct(seen, 0.5), "seen-p50-ms")
	b.ReportMetric(pct(seen, 0.95), "seen-p95-ms")
	b.ReportMetric(float64(len(answers)), "steps")
}

// BenchmarkPageLoad loads the page as a phone would the first time (the
// page and its two files, compressed) and reports their weight:
//
//	go test ./web -run x -bench PageLoad
func BenchmarkPageLoad(b *testing.B) {
	f := newFixture(b)
	total := 0
	for b.Loop() {
		total = 0
		for _, name := range []string{"", "app.js", "app.css", "icon.svg"} {
			req, _ := http.NewRequest("GET", f.srv.URL+"/app/"+name, nil)
			req.Header.Set("Accept-Encoding", "gzip")
			resp, err := http.DefaultTransport.RoundTrip(req)
			if err != nil {
				b.Fatal(err)
			}
			n, _ := io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			if resp.StatusCode != http.StatusOK {
				b.Fatal(fmt.Errorf("%s: %d", name, resp.StatusCode))
			}
			total += int(n)
		}
	}
	b.ReportMetric(float64(total)/1024, "KB-compressed")
}
