// Package present words what happens in a game for the people at it: the
// sentences that both the chat's boards (package bot) and the live board
// (package web) show, so that each is said in one place.
package present

import (
	"nardi/game"
	"nardi/locales"
)

// Result tells how a game ended, in a language, to the person at a seat
// (game.NoSeat: someone watching); names are the seats' names as shown.
// The lines may hold the catalogue's HTML.
func Result(lang locales.Lang, g *game.Game, res game.Result, seat game.Seat, names [2]string) []string {
	var lines []string
	switch {
	case seat == res.Winner:
		lines = append(lines, locales.T(lang, "result.win_you", nil))
	case seat == res.Winner.Other():
		lines = append(lines, locales.T(lang, "result.lose_you", nil))
	default:
		lines = append(lines, locales.T(lang, "result.win_name", map[string]any{"Name": names[res.Winner]}))
	}
	if res.Jacoby != 0 {
		lines = append(lines, locales.N(lang, "result.jacoby_"+res.Jacoby.String(), res.Points, nil))
	} else {
		lines = append(lines, locales.N(lang, "result."+res.Reason.String(), res.Points, nil))
	}
	if res.Forfeit {
		lines = append(lines, locales.T(lang, "result.forfeit", nil))
	}
	if w, done := g.Winner(); done && g.Options().Match > 0 {
		sc := g.Score()
		data := map[string]any{"Name": names[w], "Score1": sc[w], "Score2": sc[w.Other()]}
		switch seat {
		case w:
			lines = append(lines, locales.T(lang, "result.match_you", data))
		case w.Other():
			lines = append(lines, locales.T(lang, "result.match_lost_you", data))
		default:
			lines = append(lines, locales.T(lang, "result.match_name", data))
		}
	}
	return lines
}
