package table

import (
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"nardi/ai"
	"nardi/game"
	"nardi/render"
	"nardi/rules"
	"nardi/store"
)

// crowdTime is how long each crowd of BenchmarkCrowd plays.
var crowdTime = flag.Duration("crowd.time", 40*time.Second, "how long each crowd of BenchmarkCrowd plays")

// crowdJudge is how many judged positions BenchmarkCrowd's judge plays in
// a crowd (0: none), one every second or so, as one more player.
var crowdJudge = flag.Int("crowd.judge", 0, "judged positions BenchmarkCrowd plays while crowded (0: none)")

// BenchmarkCrowd plays crowds of people against a level at once through
// the centre, each deciding at a brisk human pace (a step every 0.5 to
// 1.7 s), and reports the turnaround: from the moment a person's
// turn-ending step is stored to the moment the computer's move is stored
// and the board offering the person's next decision is drawn (p50, p95,
// worst, in ms). The display draws each board the centre redraws, as the
// bot does (draw-ms is its mean). wait-ms and think-ms are the mean time
// a computer's play waited for a thinking slot and then thought. With
// -crowd.judge N, a judge plays N positions of the judged set (ai/testdata)
// through the same slots meanwhile and reports the level's PR on them
// crowded and alone. Run with -benchtime 1x, e.g.
//
//	go test ./table -run X -bench "Crowd/^master-50$" -benchtime 1x -crowd.time 40s -crowd.judge 40
func BenchmarkCrowd(b *testing.B) {
	for _, c := range []struct {
		level  game.Level
		people int
	}{
		{game.Master, 1}, {game.Master, 20}, {game.Master, 50},
		{game.Grandmaster, 1}, {game.Grandmaster, 20}, {game.Grandmaster, 50},
	} {
		b.Run(fmt.Sprintf("%s-%d", c.level, c.people), func(b *testing.B) {
			for b.Loop() {
				crowd(b, c.level, c.people)
			}
		})
	}
}

// crowdDisplay draws the boards the centre redraws and hands each game's
// outcomes to its person.
type crowdDisplay struct {
	nextID atomic.Int64
	draws  atomic.Int64
	drawNS atomic.Int64
	mu     sync.Mutex
	games  map[int64]chan *store.GameRecord
}

func (d *crowdDisplay) SendBoard(_ context.Context, rec *store.GameRecord, viewer game.Seat, _ int64) (int64, error) {
	d.draw(rec, viewer)
	return d.nextID.Add(1), nil
}

func (d *crowdDisplay) Redraw(out Outcome) {
	if !out.Redraw {
		return
	}
	d.draw(out.Game, 0)
	d.mu.Lock()
	ch := d.games[out.Game.ID]
	d.mu.Unlock()
	if ch != nil {
		select {
		case ch <- out.Game:
		default:
		}
	}
}

func (d *crowdDisplay) Expired(context.Context, store.Challenge)             {}
func (d *crowdDisplay) Remind(context.Context, *store.GameRecord, game.Seat) {}

// draw draws a game's board for a seat, as the bot would send it.
func (d *crowdDisplay) draw(rec *store.GameRecord, viewer game.Seat) {
	start := time.Now()
	g := rec.Game
	v := render.View{Variant: g.Options().Game(), Pos: g.PositionFor(g.Turn()), MoverColor: render.Color(g.Turn().Color()), TurnSteps: g.Made()}
	if viewer != g.Turn() {
		v.Viewer = render.Opponent
	}
	if !g.Over() && g.Dice().Valid() {
		v.Dice = g.Dice()
	}
	if _, err := render.Board(v); err != nil {
		panic(err)
	}
	d.draws.Add(1)
	d.drawNS.Add(int64(time.Since(start)))
}

// follow returns the channel a game's redrawn states come on.
func (d *crowdDisplay) follow(id int64) chan *store.GameRecord {
	d.mu.Lock()
	defer d.mu.Unlock()
	ch := make(chan *store.GameRecord, 64)
	d.games[id] = ch
	return ch
}

// offered tells whether a game offers seat 0 a decision of its own.
func offered(g *game.Game) bool {
	if g.Over() || g.Turn() != 0 || g.Phase() != game.PhaseMoving {
		return false
	}
	_, forced := g.Forced()
	return !forced && len(g.NextSteps()) > 0
}

// crowd plays people against the level for crowdTime and reports.
func crowd(b *testing.B, level game.Level, people int) {
	st, err := store.Open(context.Background(), filepath.Join(b.TempDir(), "crowd.db"), store.Config{})
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	net, err := ai.ShippedNet()
	if err != nil {
		b.Fatal(err)
	}
	d := &crowdDisplay{games: map[int64]chan *store.GameRecord{}}
	s, err := New(Config{Store: st, Net: net, Display: d, AutoDelay: 20 * time.Millisecond,
		Roller: &seeded{rng: rand.New(rand.NewPCG(11, uint64(people)))}})
	if err != nil {
		b.Fatal(err)
	}
	s.WarmUp()
	var waitNS, thinkNS, thoughts atomic.Int64
	s.onThink = func(wait, think time.Duration) {
		waitNS.Add(int64(wait))
		thinkNS.Add(int64(think))
		thoughts.Add(1)
	}
	var judged []ai.JudgedPosition
	if *crowdJudge > 0 {
		set, err := ai.LoadJudged("../ai/testdata/ai-judged.jsonl.gz")
		if err != nil {
			b.Fatal(err)
		}
		step := max(1, len(set) / *crowdJudge)
		for i := 0; i < len(set) && len(judged) < *crowdJudge; i += step {
			if set[i].Choices > 1 {
				judged = append(judged, set[i])
			}
		}
	}
	end := time.Now().Add(*crowdTime)
	var mu sync.Mutex
	var turns []time.Duration
	var wg sync.WaitGroup
	for i := range people {
		wg.Go(func() {
			u, err := st.UpsertUser(context.Background(), store.UserInfo{ID: int64(7000 + i), Name: fmt.Sprint("P", i)}, time.Now())
			if err != nil {
				b.Error(err)
				return
			}
			mine := playCrowd(b, s, d, u, level, end, rand.New(rand.NewPCG(uint64(i), 9)))
			mu.Lock()
			turns = append(turns, mine...)
			mu.Unlock()
		})
	}
	var crowded float64
	if len(judged) > 0 {
		wg.Go(func() { crowded = judgeCrowded(b, s, level, judged, 0) })
	}
	wg.Wait()
	s.async.Wait()
	if len(turns) == 0 {
		b.Fatal("no turnaround measured")
	}
	slices.Sort(turns)
	ms := func(t time.Duration) float64 { return float64(t.Microseconds()) / 1000 }
	b.ReportMetric(ms(turns[len(turns)/2]), "p50-ms")
	b.ReportMetric(ms(turns[len(turns)*95/100]), "p95-ms")
	b.ReportMetric(ms(turns[len(turns)-1]), "worst-ms")
	b.ReportMetric(float64(len(turns)), "turns")
	if n := d.draws.Load(); n > 0 {
		b.ReportMetric(ms(time.Duration(d.drawNS.Load()/n)), "draw-ms")
	}
	if n := thoughts.Load(); n > 0 {
		b.ReportMetric(ms(time.Duration(waitNS.Load()/n)), "wait-ms")
		b.ReportMetric(ms(time.Duration(thinkNS.Load()/n)), "think-ms")
	}
	if len(judged) > 0 {
		b.ReportMetric(crowded, "pr-crowded")
		b.ReportMetric(judgeCrowded(b, s, level, judged, time.Nanosecond), "pr-alone")
	}
}

// playCrowd plays one person's games against the level until end, and
// returns the turnarounds measured.
func playCrowd(b *testing.B, s *Service, d *crowdDisplay, u store.User, level game.Level, end time.Time, rng *rand.Rand) []time.Duration {
	var turns []time.Duration
	for time.Now().Before(end) {
		out, err := s.StartComputer(context.Background(), Actor{User: u, Chat: u.ID}, level, game.Options{})
		if err != nil {
			b.Error(err)
			return turns
		}
		ch := d.follow(out.Game.ID)
		rec := out.Game
		for !rec.Game.Over() && time.Now().Before(end) {
			if !offered(rec.Game) {
				select {
				case rec = <-ch:
				case <-time.After(time.Second):
					if rec, err = s.store.LoadGame(context.Background(), out.Game.ID); err != nil {
						b.Error(err)
						return turns
					}
				}
				continue
			}
			time.Sleep(500*time.Millisecond + rand.N(1200*time.Millisecond))
			g := rec.Game
			steps := g.NextSteps()
			st := steps[rng.IntN(len(steps))]
			o, err := s.Act(context.Background(), u, LiveAct{Game: rec.ID, Counter: g.Counter(), Kind: ActStep, From: int(st.From), To: int(st.To)})
			if err != nil {
				b.Logf("a step refused: %v", err)
				if rec, err = s.store.LoadGame(context.Background(), rec.ID); err != nil {
					b.Error(err)
					return turns
				}
				continue
			}
			rec = o.Game
			if rec.Game.Turn() == 0 || rec.Game.Over() {
				continue
			}
			// The turn ended: wait for the computer's answer.
			done := time.Now()
			for !offered(rec.Game) && !rec.Game.Over() {
				select {
				case rec = <-ch:
				case <-time.After(2 * time.Minute):
					b.Errorf("game %d waits for the computer", rec.ID)
					return turns
				}
			}
			if !rec.Game.Over() {
				turns = append(turns, time.Since(done))
			}
		}
	}
	return turns
}

// judgeCrowded plays the judged positions with the level through the
// thinking slots, as the computer's moves are, one about every second
// (none between them when pause is not 0), and returns the level's PR.
func judgeCrowded(b *testing.B, s *Service, level game.Level, set []ai.JudgedPosition, pause time.Duration) float64 {
	opts := game.Options{Rules: rules.Standard, Scoring: rules.WithKoks}
	pr, err := ai.PR(set, func(p rules.Position, d rules.Dice) rules.Position {
		if pause == 0 {
			time.Sleep(time.Second)
		}
		_, r, ok, err := s.choosePlay(context.Background(), time.Now(), level, opts, ai.CubeState{}, p, d, false, 1)
		if err != nil || !ok {
			b.Fatalf("no play: %v", err)
		}
		return r
	})
	if err != nil {
		b.Fatal(err)
	}
	return pr
}
