package locales

import (
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/BurntSushi/toml"
)

// glossaryWord is one language's word for a concept in glossary.toml.
type glossaryWord struct {
	Word  string
	Stems []string
	Avoid []string
}

// glossaryTerm is one concept of glossary.toml.
type glossaryTerm struct {
	Concept        string
	Keys           []string
	EN, RU, KA, HY *glossaryWord
}

func (g glossaryTerm) word(l Lang) *glossaryWord {
	return map[Lang]*glossaryWord{EN: g.EN, RU: g.RU, KA: g.KA, HY: g.HY}[l]
}

func readGlossary(t *testing.T) []glossaryTerm {
	t.Helper()
	var doc struct{ Term []glossaryTerm }
	src, err := os.ReadFile("glossary.toml")
	if err != nil {
		t.Fatal(err)
	}
	md, err := toml.Decode(string(src), &doc)
	if err != nil {
		t.Fatal(err)
	}
	if u := md.Undecoded(); len(u) > 0 {
		t.Fatalf("glossary.toml: unknown fields %v", u)
	}
	if len(doc.Term) < 10 {
		t.Fatalf("glossary.toml: only %d terms", len(doc.Term))
	}
	return doc.Term
}

// texts returns every form of a message, lower case, joined.
func texts(l Lang, key string) string {
	var all []string
	for _, s := range forms(messages[l][key]) {
		all = append(all, s)
	}
	return strings.ToLower(strings.Join(all, "\n"))
}

// TestGlossary: the catalogues follow glossary.toml. Every concept has a
// word in every language; every message that names a concept names it
// with one of the language's stems (the same word in every key, as the
// commitment's and the cube game's); and no message of a language uses
// a word the glossary tells it to avoid.
func TestGlossary(t *testing.T) {
	for _, term := range readGlossary(t) {
		for _, k := range term.Keys {
			if !slices.Contains(keys, k) {
				t.Errorf("%q: no key %s in the catalogues", term.Concept, k)
			}
		}
		for _, l := range Langs {
			w := term.word(l)
			if w == nil || w.Word == "" {
				t.Errorf("%q: no %s word", term.Concept, l)
				continue
			}
			for _, k := range term.Keys {
				if len(w.Stems) == 0 || !slices.Contains(keys, k) {
					continue
				}
				text := texts(l, k)
				if !slices.ContainsFunc(w.Stems, func(s string) bool { return strings.Contains(text, strings.ToLower(s)) }) {
					t.Errorf("%s %s names %q without %q (any of %q)", l, k, term.Concept, w.Word, w.Stems)
				}
			}
			for _, bad := range w.Avoid {
				for _, k := range keys {
					if strings.Contains(texts(l, k), strings.ToLower(bad)) {
						t.Errorf("%s %s: %q, which the glossary replaced with %q", l, k, bad, w.Word)
					}
				}
			}
		}
	}
}

// listRe finds a number with a decimal comma followed by a comma and
// another number ("7,3, 5"): it reads as a list of numbers.
var listRe = regexp.MustCompile(`\d,\d+,\s*[−+-]?\d`)

// TestDecimalsReadAsOneNumber: where a message puts a number with a
// decimal comma, the next number is not joined to it by a comma, in the
// languages that write decimals with a comma.
func TestDecimalsReadAsOneNumber(t *testing.T) {
	for _, l := range []Lang{RU, KA, HY} {
		data := sampleData(l)
		for f, x := range map[string]float64{"PR": 7.3, "Loss": 0.123, "Average": 8.21, "You": 0.42, "Them": -0.15, "Luck": 1.2, "Expected": 5.2} {
			data[f] = Decimal(l, x, 2)
		}
		for _, k := range keys {
			var outs []string
			if isPlural(k) {
				for _, c := range []int{1, 2, 5, 21} {
					outs = append(outs, renderStrict(t, l, k, &c, data))
				}
			} else {
				outs = append(outs, renderStrict(t, l, k, nil, data))
			}
			for _, s := range outs {
				if m := listRe.FindString(s); m != "" {
					t.Errorf("%s %s: %q reads as a list: %q", l, k, m, s)
				}
			}
		}
	}
}
