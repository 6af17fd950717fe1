package bot

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"nardi/locales"
)

// botLiterals returns the string literals of the bot's (and the live
// board's, present's and the locales package's) sources, and those
// that start a key built by concatenation ("result." + reason).
func botLiterals(t *testing.T) (lits, prefixes map[string]bool, toasts []string) {
	t.Helper()
	lits, prefixes = map[string]bool{}, map[string]bool{}
	// The bot shows the keys; the locales package names the languages.
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, dir := range []string{"../locales", "../web", "../present"} {
		more, err := filepath.Glob(dir + "/*.go")
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, more...)
	}
	fset := token.NewFileSet()
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		f, err := parser.ParseFile(fset, name, src, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.BasicLit:
				if s, err := strconv.Unquote(n.Value); err == nil && n.Kind == token.STRING {
					lits[s] = true
				}
			case *ast.BinaryExpr:
				if l, ok := n.X.(*ast.BasicLit); ok && n.Op == token.ADD {
					if s, err := strconv.Unquote(l.Value); err == nil {
						prefixes[s] = true
					}
				}
			case *ast.CallExpr:
				// b.toast(ctx, r, "key") and b.alert(...): answers to taps.
				if sel, ok := n.Fun.(*ast.SelectorExpr); ok && (sel.Sel.Name == "toast" || sel.Sel.Name == "alert") && len(n.Args) == 3 {
					if l, ok := n.Args[2].(*ast.BasicLit); ok {
						s, _ := strconv.Unquote(l.Value)
						toasts = append(toasts, s)
					}
				}
			}
			return true
		})
	}
	return lits, prefixes, toasts
}

// TestEveryKeyIsUsed: each key of the catalogues is shown somewhere: it
// appears in the bot's sources, or the sources build it from a prefix.
func TestEveryKeyIsUsed(t *testing.T) {
	lits, prefixes, _ := botLiterals(t)
	for _, k := range locales.Keys() {
		if lits[k] {
			continue
		}
		used := false
		for p := range prefixes {
			if p != "" && strings.HasPrefix(k, p) && (strings.HasSuffix(p, ".") || strings.HasSuffix(p, "_")) {
				used = true
				break
			}
		}
		if !used {
			t.Errorf("key %s is in the catalogues but no code shows it", k)
		}
	}
}

// TestMessageKinds: an answer to a tap is plain text, so every key a tap
// is answered with is a plain one; every key a command is answered with
// is HTML.
func TestMessageKinds(t *testing.T) {
	_, _, toasts := botLiterals(t)
	for _, f := range refusals {
		toasts = append(toasts, f.toast)
		if f.groupToast != "" {
			toasts = append(toasts, f.groupToast)
		}
		for _, k := range []string{f.reply, f.groupReply, f.invite} {
			if k != "" && !locales.IsHTML(k) {
				t.Errorf("%s answers a command but is plain text", k)
			}
		}
	}
	if len(toasts) < 20 {
		t.Fatalf("only %d toasts found", len(toasts))
	}
	for _, k := range toasts {
		if locales.IsHTML(k) {
			t.Errorf("%s answers a tap but is an HTML message", k)
		}
	}
}
