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
	g := rec.Game
	seed := uint64(rec.ID)<<20 | uint64(g.Counter())
	play, _, ok, err = s.choosePlay(ctx, g.Player(g.Turn()).Level, g.Options(), cubeState(g), g.TurnStart(), g.Dice(), g.FirstTurn(), seed)
	if err != nil {
		return rules.Play{}, false, fmt.Errorf("the computer's move in game %d: %w", rec.ID, err)
	}
	return play, ok, nil
}

// choosePlay chooses the play a computer of the level makes with the roll
// in a position (seen from the computer) of a game on the terms given,
// the cube and the match as cs tells, and the position it leads to; ok is
// false when nothing can be played. It waits for a thinking slot first,
// and fails only when ctx ends before one is free.
func (s *Service) choosePlay(ctx context.Context, level game.Level, opts game.Options, cs ai.CubeState, pos rules.Position, dice rules.Dice, first bool, seed uint64) (play rules.Play, result rules.Position, ok bool, err error) {
	asked := time.Now()
	if err := s.thinking.acquire(ctx, urgent); err != nil {
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
	play, result, ok = p.Choose(pos, dice, false, seed)
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
	return s.mutate(ctx, rec.ID, func(rec *store.GameRecord, _ []store.Board) error {
		g := rec.Game
		if g.Counter() != counter {
			return refuse(ErrStale, "the game moved on while the computer thought")
		}
		if played {
			return g.ApplyPlay(turn, counter, play, s.now())
		}
		return g.Pass(counter, s.now())
	})
}

// computerCube makes the computer's cube decision: to double or roll on
// its turn, to take or drop a double.
func (s *Service) computerCube(ctx context.Context, rec *store.GameRecord) (Outcome, error) {
	g := rec.Game
	counter, turn, decider := g.Counter(), g.Turn(), g.Decider()
	cs := cubeState(g)
	p := s.player(g.Player(decider).Level, g.Options())
	if err := s.thinking.acquire(ctx, urgent); err != nil {
		return Outcome{}, fmt.Errorf("the computer's cube decision in game %d: %w", rec.ID, err)
	}
	d := p.Eval.Cube(g.TurnStart(), cs)
	s.thinking.release()
	return s.mutate(ctx, rec.ID, func(rec *store.GameRecord, _ []store.Board) error {
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
	})
}
