package table

import (
	"go/build"
	"strings"
	"testing"
)

// TestTheCentreKnowsNoTransport: the use cases import nothing of Telegram
// nor of the adapter around them.
func TestTheCentreKnowsNoTransport(t *testing.T) {
	pkg, err := build.ImportDir(".", 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(pkg.Imports) == 0 {
		t.Fatal("no imports read")
	}
	for _, imp := range pkg.Imports {
		if strings.Contains(imp, "telegram") || imp == "nardi/bot" || imp == "nardi/render" || imp == "nardi/locales" {
			t.Errorf("package table imports %s", imp)
		}
	}
}
