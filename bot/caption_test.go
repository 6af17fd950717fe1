package bot

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/go-telegram/bot/models"

	"nardi/game"
	"nardi/locales"
	"nardi/store"
)

// TestLongNamesFitTheCaption: names are cut in UTF-16 units, and a timed
// out duel between two people with the longest names still has a caption
// within Telegram's limit in every language, with the claim in it.
func TestLongNamesFitTheCaption(t *testing.T) {
	long := strings.Repeat("𝓐😀", 40)
	name := displayName(&models.User{FirstName: long, LastName: long})
	if n := captionLength(name); n > maxName || !strings.HasSuffix(name, "…") {
		t.Fatalf("name of %d units: %q", n, name)
	}
	if got := displayName(&models.User{FirstName: "Nino"}); got != "Nino" {
		t.Fatalf("a short name became %q", got)
	}
	t0 := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	tc := game.TimeControl{Move: time.Second, Reserve: time.Second}
	g, err := game.New(game.Options{Clock: tc}, [2]game.Player{game.Human(1, name), game.Human(2, name+"2")}, t0)
	if err != nil {
		t.Fatal(err)
	}
	if err := g.MarkTimedOut(g.Counter(), t0.Add(time.Minute)); err != nil {
		t.Fatal(err)
	}
	rec := &store.GameRecord{ID: 9, Kind: store.KindGroup, Game: g}
	b := &Bot{}
	for _, lang := range locales.Langs {
		v := viewer{seat: game.NoSeat, lang: lang, score: [2]int{12, 30}}
		c := b.caption(rec, v, t0.Add(time.Minute), locales.N(lang, "resign.confirm", 2, nil))
		if n := captionLength(c); n > maxCaption {
			t.Errorf("%s: caption of %d units", lang, n)
		}
		claim := locales.T(lang, "duel.timeout", map[string]any{"Name": names(g, v)[g.Turn()], "Opponent": names(g, v)[g.Turn().Other()]})
		if !strings.Contains(c, claim) {
			t.Errorf("%s: the claim is missing from %q", lang, c)
		}
	}
	// Past any sense, the text is cut, never left too long.
	lines, optional := []string{strings.Repeat("<b>ab</b> ", 400)}, []bool{false}
	if n := captionLength(fitCaption(&lines, &optional, nil)); n > maxCaption {
		t.Errorf("cut to %d units", n)
	}
}

// TestJacobyResultLine: a mars the Jacoby rule scored as an oin is told as
// such, not as a plain oin, in every language; a real oin keeps its line.
func TestJacobyResultLine(t *testing.T) {
	t0 := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	g, err := game.New(game.Options{Cube: true, Jacoby: true}, [2]game.Player{game.Human(1, "Nino"), game.Human(2, "Levan")}, t0)
	if err != nil {
		t.Fatal(err)
	}
	b := &Bot{}
	for _, lang := range locales.Langs {
		v := viewer{seat: 0, lang: lang}
		jacoby := b.resultLines(g, game.Result{Winner: 0, Reason: game.ReasonOin, Value: 1, Points: 1, Jacoby: game.ReasonMars}, v)
		oin := b.resultLines(g, game.Result{Winner: 0, Reason: game.ReasonOin, Value: 1, Points: 1}, v)
		want := locales.N(lang, "result.jacoby_mars", 1, nil)
		if !slices.Contains(jacoby, want) || slices.Contains(jacoby, locales.N(lang, "result.oin", 1, nil)) {
			t.Errorf("%s: a Jacoby mars told as %q", lang, jacoby)
		}
		if slices.Contains(oin, want) || !slices.Contains(oin, locales.N(lang, "result.oin", 1, nil)) {
			t.Errorf("%s: an oin told as %q", lang, oin)
		}
	}
}
