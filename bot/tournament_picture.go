package bot

import (
	"context"
	"fmt"

	"nardi/locales"
	"nardi/render"
	"nardi/store"
	"nardi/table"
	"nardi/tourney"
)

// A running tournament has a picture in its group beside its card: a
// knockout's bracket, or the standings of a Swiss or round robin. It is
// posted when the first round is paired and edited in place as each
// later round is paired and at the end: one message a round at most, on
// top of the card's edits at most once a CardEvery. The store keeps its
// message and the stage it shows, across restarts.

// tournamentPicture posts or edits a tournament's picture when its stage
// (round and status) has moved on since it was last drawn. It runs
// within Card, one at a time for a tournament, and returns Telegram's
// error when the picture could not be shown (then its stage is not
// recorded, for a later Card to show it).
func (b *Bot) tournamentPicture(ctx context.Context, v table.TournamentView) error {
	t := v.Tournament
	if t.Status != store.TournamentRunning && t.Status != store.TournamentFinished {
		return nil
	}
	stage := fmt.Sprint(t.Round, " ", t.Status)
	msg, was, err := b.store.TournamentPicture(ctx, t.ID)
	if err != nil || was == stage {
		return nil
	}
	png, err := tournamentPNG(v)
	if err != nil {
		b.log.Warn("drawing a tournament's picture failed", "tournament", t.ID, "err", err)
		return nil
	}
	if png == nil {
		return nil
	}
	lang, _ := locales.Parse(t.Lang)
	caption := locales.T(lang, "tournament.picture_round", map[string]any{
		"Format": formatName(lang, t.Format), "Round": t.Round, "Rounds": t.Rounds,
	})
	if t.Status == store.TournamentFinished {
		caption = locales.T(lang, "tournament.picture_over", map[string]any{"Format": formatName(lang, t.Format)})
	}
	if msg != 0 {
		err = b.send.EditPhoto(ctx, t.ChatID, int(msg), png, caption, nil)
	} else {
		var id int
		id, err = b.send.SendPhoto(ctx, t.ChatID, png, caption, nil)
		msg = int64(id)
	}
	if err != nil {
		b.log.Warn("showing a tournament's picture failed", "tournament", t.ID, "err", err)
		return err
	}
	if err := b.store.SetTournamentPicture(ctx, t.ID, msg, stage); err != nil {
		// Not shown again: it is in the group already.
		b.log.Warn("recording a tournament's picture failed", "tournament", t.ID, "err", err)
	}
	return nil
}

// tournamentPNG draws a tournament as it stands: a knockout's bracket
// (a large one from its second round: nil before), the standings
// otherwise.
func tournamentPNG(v table.TournamentView) ([]byte, error) {
	t := v.Tournament
	if t.Format == store.Knockout {
		bv, ok := bracketView(v)
		if !ok {
			return nil, nil
		}
		return render.Bracket(bv)
	}
	return render.Standings(standingsView(v))
}

// bracketView is a knockout's bracket as render draws it, from the first
// round that fits in the picture; ok is false when none does yet.
func bracketView(v table.TournamentView) (render.BracketView, bool) {
	t := v.Tournament
	first := max(1, t.Rounds-render.MaxBracketRounds+1)
	if t.Round < first {
		return render.BracketView{}, false
	}
	bv := render.BracketView{Total: t.Rounds - first + 1}
	for r := first; r <= t.Round; r++ {
		var pairs []render.BracketPair
		for _, p := range v.Round(r) {
			if v.IsThirdPlace(p) {
				continue
			}
			bp := render.BracketPair{A: v.Name(p.A), B: v.Name(p.B)}
			if p.B == tourney.Bye {
				bp.B = ""
			}
			switch {
			case p.Done && p.Winner == p.A && p.A != 0:
				bp.Winner = 1
			case p.Done && p.Winner == p.B && p.B != 0:
				bp.Winner = 2
			}
			pairs = append(pairs, bp)
		}
		bv.Rounds = append(bv.Rounds, pairs)
	}
	return bv, true
}

// standingsView is a Swiss's or round robin's table as render draws it.
func standingsView(v table.TournamentView) render.StandingsView {
	t := v.Tournament
	sv := render.StandingsView{Rounds: max(t.Rounds, 1), Over: t.Status == store.TournamentFinished}
	for i, s := range v.Standings {
		if i == render.MaxStandingsRows {
			break
		}
		row := render.StandingsRow{Name: v.Name(s.ID), Points: s.Points, Buchholz: s.Buchholz}
		for r := 1; r <= min(t.Round, sv.Rounds); r++ {
			o := render.OutcomePending
			for _, p := range v.Round(r) {
				if p.A != s.ID && p.B != s.ID {
					continue
				}
				switch {
				case p.B == tourney.Bye:
					o = render.OutcomeBye
				case !p.Done || p.Winner == 0:
				case p.Winner == s.ID:
					o = render.OutcomeWon
				default:
					o = render.OutcomeLost
				}
			}
			row.Results = append(row.Results, o)
		}
		sv.Rows = append(sv.Rows, row)
	}
	return sv
}
