package bot

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strings"
	"testing"
)

// TestBotChangesNoGame reads the bot's own source: every change of a game,
// a challenge or a board's record goes through the centre (package table),
// so no file here may call the store's methods that make them.
func TestBotChangesNoGame(t *testing.T) {
	forbidden := map[string]bool{
		"CreateGame": true, "UpdateGame": true, "LoadGame": true, "ActiveGame": true, "AbandonGame": true,
		"AbandonIdle": true, "NewChallenge": true, "AcceptChallenge": true, "CancelChallenge": true,
		"ExpireChallenges": true, "SetChallengeMessage": true, "SetBoard": true, "MarkShown": true, "Boards": true,
		"DueGames": true,
	}
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	checked := 0
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		checked++
		ast.Inspect(f, func(n ast.Node) bool {
			sel, ok := n.(*ast.SelectorExpr)
			if !ok || !forbidden[sel.Sel.Name] {
				return true
			}
			if inner, ok := sel.X.(*ast.SelectorExpr); ok && inner.Sel.Name == "store" {
				t.Errorf("%s: the bot calls store.%s itself", fset.Position(sel.Pos()), sel.Sel.Name)
			}
			return true
		})
	}
	if checked < 5 {
		t.Fatalf("read only %d files", checked)
	}
}
