package table

import (
	"context"
	"fmt"
	"time"

	"nardi/ai"
	"nardi/game"
	"nardi/rules"
	"nardi/store"
)

// StartComputer begins a game of the actor against the computer in their
// private chat, on the terms given, and shows its board there.
func (s *Service) StartComputer(ctx context.Context, a Actor, level game.Level, opts game.Options) (Outcome, error) {
	if a.Chat != a.User.ID {
		return Outcome{}, refuse(ErrPrivateOnly, "chat %d", a.Chat)
	}
	unlock := s.locks.Lock(chatKey(a.Chat))
	defer unlock()
	if _, err := s.ActiveGame(ctx, a); err == nil {
		return Outcome{}, refuse(ErrInProgress, "user %d", a.User.ID)
	}
	g, err := s.newGame(opts, [2]game.Player{game.Human(a.User.ID, a.User.Name), game.Computer(level)})
	if err != nil {
		return Outcome{}, err
	}
	id, err := s.store.CreateGame(ctx, store.NewGame{Kind: store.KindComputer, Chats: [2]int64{a.Chat, 0}, Game: g, Due: s.dueOf(store.KindComputer, g)}, s.now())
	if err != nil {
		return Outcome{}, err
	}
	s.started(store.KindComputer)
	return s.ShowBoard(ctx, id, 0, a.Chat)
}

// newGame makes a game with the configured dice, or fair crypto dice.
func (s *Service) newGame(opts game.Options, players [2]game.Player) (*game.Game, error) {
	if s.cfg.Roller != nil {
		return game.NewWithRoller(opts, players, s.cfg.Roller, s.now())
	}
	return game.New(opts, players, s.now())
}

// player returns the computer player of a level for a game's terms.
func (s *Service) player(level game.Level, opts game.Options) *ai.Player {
	key := string(level) + "/" + opts.Rules.String() + "/" + opts.Scoring.String()
	if p, ok := s.players.Load(key); ok {
		return p.(*ai.Player)
	}
	l, err := ai.ParseLevel(string(level))
	if err != nil {
		l = ai.Master
	}
	p := ai.NewPlayer(s.cfg.Net, opts.Rules, opts.Scoring, l)
	actual, _ := s.players.LoadOrStore(key, p)
	return actual.(*ai.Player)
}

// WarmUp builds what the computer's first move would otherwise wait for:
// its bear-off databases.
func (s *Service) WarmUp() {
	for _, rs := range []rules.RuleSet{rules.Nardi, rules.Standard} {
		s.player(game.Master, game.Options{Rules: rs})
	}
}

// think chooses the computer's play, waiting for a thinking slot before
// any review (see slots); it fails only when ctx ends first.
func (s *Service) think(ctx context.Context, rec *store.GameRecord) (play rules.Play, ok bool, err error) {
	g, since := rec.Game, s.waitedSince(rec.ID)
	seed := uint64(rec.ID)<<20 | uint64(g.Counter())
	play, _, ok, err = s.choosePlay(ctx, since, g.Player(g.Turn()).Level, g.Options(), cubeState(g), g.TurnStart(), g.Dice(), g.FirstTurn(), seed)
	if err != nil {
		return rules.Play{}, false, fmt.Errorf("the computer's move in game %d: %w", rec.ID, err)
	}
	return play, ok, nil
}

// answerWithin is how soon after a person finishes their turn the
// computer of a level should have chosen its play, waiting for a thinking
// slot included. Alone, a level's own time limit comes first (ai); in a
// crowd, the slots share out what is left before each deadline (see
// slots.grant), so that a crowd costs a little strength, not minutes.
// The levels that do not search need no deadline. Each leaves room for
// what follows the choice in a crowd (storing the move, drawing the board,
// Telegram), about half a second at the 95th percentile with 50 people
// on two cores (bot's BenchmarkCrowd), within a person's wait of 1.5 s
// for master and 3 s for grandmaster. Alone, neither cuts the level's own
// time limit (ai).
var answerWithin = map[game.Level]time.Duration{
	game.Master:      800 * time.Millisecond,
	game.Grandmaster: 1600 * time.Millisecond,
}

// cubeWithin is how soon after it falls due the computer's cube decision
// should be made.
const cubeWithin = time.Second

// deadline returns when work due within d of since is due (zero: d is 0,
// no deadline).
func deadline(since time.Time, d time.Duration) time.Time {
	if d <= 0 {
		return time.Time{}
	}
	return since.Add(d)
}

// choosePlay chooses the play a computer of the level makes with the roll
// in a position (seen from the computer) of a game on the terms given,
// the cube and the match as cs tells, and the position it leads to; ok is
// false when nothing can be played. since is when the person finished
// their turn: the computer's plays are thought in that order, each by its
// level's deadline from then (see answerWithin). It waits for a thinking
// slot first, and fails only when ctx ends before one is free.
func (s *Service) choosePlay(ctx context.Context, since time.Time, level game.Level, opts game.Options, cs ai.CubeState, pos rules.Position, dice rules.Dice, first bool, seed uint64) (play rules.Play, result rules.Position, ok bool, err error) {
	asked := time.Now()
	stop, err := s.thinking.acquireBy(ctx, urgent, since, deadline(since, answerWithin[level]))
	if err != nil {
		return rules.Play{}, pos, false, err
	}
	defer s.thinking.release()
	if s.onThink != nil {
		began := time.Now()
		defer func() { s.onThink(began.Sub(asked), time.Since(began)) }()
	}
	if opts.Game() == rules.Long {
		l, err := ai.ParseLevel(string(level))
		if err != nil {
			l = ai.Master
		}
		// It plays for the match score.
		play, result, ok = ai.LongPlayer{Level: l, Cube: cs}.Choose(pos, dice, first, seed)
		return play, result, ok, nil
	}
	p := s.player(level, opts)
	if cs.MatchLength > 0 || cs.Jacoby {
		p = &ai.Player{Eval: p.Eval.ForCube(cs), Level: p.Level} // it plays for the score
	}
	play, result, ok = p.ChooseBy(pos, dice, false, seed, stop)
	return play, result, ok, nil
}

// cubeState is the cube and the match as the computer's evaluator sees
// them, from the view of the player on turn.
func cubeState(g *game.Game) ai.CubeState {
	return turnCube(g.Options(), g.Match(), g.Cube().Value, g.Cube().Owner, g.Turn())
}

// computerMove makes the computer's move in a game loaded at counter: it
// thinks without holding the game, then plays only if nothing changed
// meanwhile.
func (s *Service) computerMove(ctx context.Context, rec *store.GameRecord) (Outcome, error) {
	counter, turn := rec.Game.Counter(), rec.Game.Turn()
	if ph := rec.Game.Phase(); ph == game.PhaseCube || ph == game.PhaseDoubled {
		return s.computerCube(ctx, rec)
	}
	play, played, err := s.think(ctx, rec)
	if err != nil {
		return Outcome{}, err
	}
	return s.answered(s.mutate(ctx, rec.ID, func(rec *store.GameRecord, _ []store.Board) error {
		g := rec.Game
		if g.Counter() != counter {
			return refuse(ErrStale, "the game moved on while the computer thought")
		}
		if played {
			return g.ApplyPlay(turn, counter, play, s.now())
		}
		return g.Pass(counter, s.now())
	}))
}

// computerCube makes the computer's cube decision: to double or roll on
// its turn, to take or drop a double.
func (s *Service) computerCube(ctx context.Context, rec *store.GameRecord) (Outcome, error) {
	g := rec.Game
	counter, turn, decider := g.Counter(), g.Turn(), g.Decider()
	cs := cubeState(g)
	p := s.player(g.Player(decider).Level, g.Options())
	since := s.waitedSince(rec.ID)
	if _, err := s.thinking.acquireBy(ctx, urgent, since, since.Add(cubeWithin)); err != nil {
		return Outcome{}, fmt.Errorf("the computer's cube decision in game %d: %w", rec.ID, err)
	}
	d := p.Eval.Cube(g.TurnStart(), cs)
	s.thinking.release()
	return s.answered(s.mutate(ctx, rec.ID, func(rec *store.GameRecord, _ []store.Board) error {
		g, now := rec.Game, s.now()
		switch {
		case g.Counter() != counter:
			return refuse(ErrStale, "the game moved on while the computer thought")
		case g.Phase() == game.PhaseDoubled && d.Take:
			return g.Take(decider, counter, now)
		case g.Phase() == game.PhaseDoubled:
			return g.Drop(decider, counter, now)
		case d.Double:
			return g.Double(turn, counter, now)
		}
		return g.Roll(turn, counter, now)
	}))
}

// longestWait bounds how long ago a person may be taken to have begun
// waiting for the computer (see waitedSince).
const longestWait = time.Minute

// waitedSince returns since when the person of a game has waited for the
// computer: since the computer's first move of those it makes in a row
// (with the person's passes and forced plays between, made for them),
// that the person waits through before a decision of their own. Its
// plays are thought in that order and by deadlines from then.
func (s *Service) waitedSince(id int64) time.Time {
	now := time.Now()
	if v, loaded := s.waited.LoadOrStore(id, now); loaded {
		if since := v.(time.Time); now.Sub(since) < longestWait {
			return since
		}
		s.waited.Store(id, now)
	}
	return now
}

// answered passes on the outcome of a computer's move, and forgets since
// when its person has waited once the game waits for them or is over.
func (s *Service) answered(out Outcome, err error) (Outcome, error) {
	if err == nil {
		if k := out.Due.Kind; k != game.DueComputer && k != game.DuePass && k != game.DueForced {
			s.waited.Delete(out.Game.ID)
		}
	}
	return out, err
}
