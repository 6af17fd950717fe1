package table

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"runtime"
	"sync"
	"time"

	"github.com/robfig/cron/v3"

	"nardi/ai"
	"nardi/game"
	"nardi/internal/coalesce"
	"nardi/internal/grace"
	"nardi/internal/keyed"
	"nardi/store"
)

// Display is what the centre needs of a user interface. bot implements
// it for Telegram; tests implement it with a recorder.
type Display interface {
	// SendBoard sends a new message with a game's board drawn for a viewer
	// (a seat, or store.SharedBoard) to a chat, and returns its id.
	SendBoard(ctx context.Context, rec *store.GameRecord, viewer game.Seat, chat int64) (int64, error)
	// Redraw brings the boards an Outcome names up to its game's state; it
	// is called after every automatic action and must not block for long.
	Redraw(out Outcome)
	// Expired shows on a challenge's message that nobody took it in time.
	Expired(ctx context.Context, c store.Challenge)
	// Remind tells a player, privately, that a slow game has waited for
	// their decision a while (see Config.RemindAfter).
	Remind(ctx context.Context, rec *store.GameRecord, seat game.Seat)
}

// Config is what the centre needs.
type Config struct {
	Store   *store.Store
	Net     *ai.Net // the computer's evaluator
	Display Display
	Log     *slog.Logger
	// AutoDelay is how long a roll that cannot be played, or a person's
	// forced play, stays on screen before it is made (1.5 s by default).
	// It is the one delay of every automatic action; see dueOf.
	AutoDelay time.Duration
	// ChallengeTTL is how long a challenge or an invite link stays open
	// (10 minutes by default).
	ChallengeTTL time.Duration
	// Now tells the time (time.Now by default).
	Now func() time.Time
	// Roller, when set, throws every game's dice (tests); by default each
	// game throws its own verifiable dice (game.FairThrow).
	Roller game.Roller
	// OnGameStarted and OnGameFinished, when set, are told of each game
	// begun and each game (or match) finished, by kind, as for metrics.
	OnGameStarted, OnGameFinished func(kind store.Kind)
	// RemindAfter is how long the player on turn of a duel without a
	// clock, or with a day a move, may leave a decision before they are
	// reminded of it, once a turn (10 minutes by default).
	RemindAfter time.Duration
	// IdleClaim is how long the player on turn of a duel without a clock
	// may leave a decision before the opponent may claim the game as on a
	// timeout (72 hours by default).
	IdleClaim time.Duration
	// Lobby, when set, shows tournaments (see Lobby); without it they are
	// kept all the same.
	Lobby Lobby
	// CardEvery is the least time between two edits of a tournament's
	// card (DefaultCardEvery by default): a group's edits are for people.
	CardEvery time.Duration
	// RoundTime, when set, is how long every tournament's round lasts
	// before its forfeits, whatever its games' clock (tests); by default
	// it follows the clock (RoundTimeOf).
	RoundTime time.Duration
}

// Grace is how long background work (a due action, a computer's move)
// may go on once the centre's context ends.
const Grace = 4 * time.Second

// Defaults of Config.
const (
	DefaultAutoDelay    = 1500 * time.Millisecond
	DefaultChallengeTTL = 10 * time.Minute
	DefaultRemindAfter  = 10 * time.Minute
	DefaultIdleClaim    = 72 * time.Hour
)

// Actor is who acts, and where: the person, the chat they act in, and
// the message their tap came with (0 for a command or a typed play).
type Actor struct {
	User    store.User
	Chat    int64
	Message int64
}

// Outcome is what a use case changed: the game as it now stands, the
// board messages to redraw (none when Redraw is false) and the game's
// next automatic action.
type Outcome struct {
	Game   *store.GameRecord
	Boards []store.Board
	Redraw bool
	Due    game.Due
}

// Service holds the use cases. It is safe for concurrent use.
type Service struct {
	cfg   Config
	store *store.Store
	log   *slog.Logger

	locks     keyed.Locks[string] // per game, chat, challenge, person and chat's prompts
	due       coalesce.Group      // runs a game's due actions, one run at a time
	players   sync.Map            // "level/rules/scoring" -> *ai.Player
	thinking  *slots              // the searches that may run at once
	reviewing sync.Map            // user id -> struct{}: a review under way
	waited    sync.Map            // game id -> time.Time: since when its person waits (see waitedSince)
	codeKey   []byte              // signs the live board's game codes (see LiveCode)
	// onThink, when set (measurements), is told of each computer's play:
	// how long it waited for a thinking slot, and how long it thought.
	onThink func(wait, think time.Duration)

	mu       sync.Mutex
	watchers []Watcher       // told of every change (see Watch)
	ctx      context.Context // lives from Start to Stop; background work uses it
	stopped  bool            // Stop has begun: no new background work
	async    sync.WaitGroup
	cron     *cron.Cron
}

// New prepares the centre; Start sets it going.
func New(cfg Config) (*Service, error) {
	if cfg.Store == nil || cfg.Net == nil || cfg.Display == nil {
		return nil, errors.New("table: a store, a network and a display are required")
	}
	if cfg.Log == nil {
		cfg.Log = slog.Default()
	}
	if cfg.AutoDelay <= 0 {
		cfg.AutoDelay = DefaultAutoDelay
	}
	if cfg.ChallengeTTL <= 0 {
		cfg.ChallengeTTL = DefaultChallengeTTL
	}
	if cfg.RemindAfter <= 0 {
		cfg.RemindAfter = DefaultRemindAfter
	}
	if cfg.IdleClaim <= 0 {
		cfg.IdleClaim = DefaultIdleClaim
	}
	if cfg.CardEvery <= 0 {
		cfg.CardEvery = DefaultCardEvery
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	return &Service{cfg: cfg, store: cfg.Store, log: cfg.Log, ctx: context.Background(),
		thinking: newSlots(runtime.NumCPU() - 1)}, nil
}

// Start gives every clock back the time the bot was down, then runs the
// sweep every second (due actions, expired challenges, the heartbeat) and
// a daily clean-up, until Stop. Background work lives as long as ctx.
func (s *Service) Start(ctx context.Context) error {
	s.mu.Lock()
	s.ctx = ctx
	s.mu.Unlock()
	if err := s.loadCodeKey(ctx); err != nil {
		return fmt.Errorf("table: the live board's key: %w", err)
	}
	if err := s.recoverClocks(ctx); err != nil {
		return err
	}
	s.redrawBehind(ctx, s.now()) // a crash may have left boards behind
	s.goAsync(s.showLost)        // or games without their boards
	c := cron.New(cron.WithSeconds(), cron.WithChain(cron.Recover(cronLogger{s.log})))
	if _, err := c.AddFunc("* * * * * *", func() { s.Sweep(s.background()) }); err != nil {
		return fmt.Errorf("table: schedule the sweep: %w", err)
	}
	if _, err := c.AddFunc("0 17 4 * * *", func() { s.cleanUp(s.background()) }); err != nil {
		return fmt.Errorf("table: schedule the clean-up: %w", err)
	}
	c.Start()
	s.cron = c
	return nil
}

// Stop ends the sweep, waits for the work under way and pauses every
// clock, as the bot shuts down.
func (s *Service) Stop() {
	if s.cron != nil {
		<-s.cron.Stop().Done()
	}
	s.mu.Lock()
	s.stopped = true // a timer firing now starts nothing: the sweep after a restart will
	s.mu.Unlock()
	s.async.Wait()
	s.pauseClocks(context.Background())
}

// background returns the context background work runs in.
func (s *Service) background() context.Context {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.ctx
}

// now tells the time.
func (s *Service) now() time.Time { return s.cfg.Now() }

// goAsync runs f in the background, tracked so that Stop waits for it;
// once Stop has begun it runs nothing.
func (s *Service) goAsync(f func(ctx context.Context)) {
	s.mu.Lock()
	if s.stopped {
		s.mu.Unlock()
		return
	}
	s.async.Add(1)
	s.mu.Unlock()
	go func() {
		defer s.async.Done()
		defer func() {
			if r := recover(); r != nil {
				s.log.Error("background work panicked", "panic", r)
			}
		}()
		ctx, cancel := grace.After(s.background(), Grace)
		defer cancel()
		f(ctx)
	}()
}

// cronLogger lets cron report recovered panics through slog.
type cronLogger struct{ log *slog.Logger }

func (l cronLogger) Info(msg string, kv ...any) {}
func (l cronLogger) Error(err error, msg string, kv ...any) {
	l.log.Error(msg, append(kv, "err", err)...)
}
