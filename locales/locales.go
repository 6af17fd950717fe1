// Package locales holds every text a user of the bot sees, in Georgian (ka),
// Russian (ru), English (en) and Armenian (hy).
//
// The texts live in one catalogue per language (active.<lang>.toml, embedded
// in the binary) and are rendered with github.com/nicksnyder/go-i18n, whose
// CLDR plural rules pick the right form of a word for a number (Russian:
// 1 очко, 2 очка, 5 очков, 21 очко).
//
// Messages are Go templates with named fields, such as {{.Name}} or
// {{.Count}}, filled from the data map given to T or N.
//
// # Formatting
//
// Most messages are Telegram HTML (send them with parse_mode "HTML"): they may
// contain <b>, <i>, <code> and the like. T and N escape every string passed
// in data for these messages, so a user name such as "<Ann & Bob>" is safe;
// wrap a value in HTML to insert an already formatted fragment as it is.
// Messages whose keys start with button., toast., cmd., name., level., unit.
// and lang.name are plain text (button labels, callback-query answers,
// command descriptions, words to insert into other messages): they contain no
// markup and their data is not escaped. IsHTML tells which is which.
//
// All functions are safe for concurrent use: the catalogues are loaded and
// the localizers built once, when the package is initialised.
package locales

import (
	"embed"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/BurntSushi/toml"
	"github.com/nicksnyder/go-i18n/v2/i18n"
	"github.com/nicksnyder/go-i18n/v2/i18n/template"
	"golang.org/x/text/language"
)

// Lang is a language of the bot's texts: one of "ka", "ru", "en" and "hy".
type Lang string

// The supported languages.
const (
	KA Lang = "ka" // Georgian
	RU Lang = "ru" // Russian
	EN Lang = "en" // English
	HY Lang = "hy" // Armenian
)

// Default is the language for users whose Telegram language is none of ours.
const Default = EN

// Langs lists the supported languages in the order they are offered to users
// (for instance on the /lang keyboard). Do not modify it.
var Langs = []Lang{KA, RU, EN, HY}

// Valid reports whether l is one of the supported languages.
func (l Lang) Valid() bool { return slices.Contains(Langs, l) }

// String returns the language code, such as "ka".
func (l Lang) String() string { return string(l) }

// Parse returns the language with exactly the code s (as stored in a database
// or callback data) and whether s was such a code.
func Parse(s string) (Lang, bool) {
	l := Lang(s)
	if l.Valid() {
		return l, true
	}
	return Default, false
}

// FromTelegram maps a Telegram user's language_code (an IETF tag such as
// "ru", "ru-RU", "ka", "hy-AM" or "en-GB") to a supported language: the code
// of each language in Langs maps to it whatever the region, anything else
// (including an empty code) to Default. Langs is the one list of languages:
// the /lang keyboard, this mapping and the command menus all follow it.
func FromTelegram(languageCode string) Lang {
	code := strings.ToLower(strings.TrimSpace(languageCode))
	if i := strings.IndexAny(code, "-_"); i >= 0 {
		code = code[:i]
	}
	if l, ok := Parse(code); ok {
		return l
	}
	return Default
}

// Name returns the name of language l in its own script ("ქართული",
// "Русский", "English", "Հայերեն"), for a language choice keyboard.
func Name(l Lang) string { return T(l, "lang.name", nil) }

// HTML is a fragment of Telegram HTML that T and N insert into a message as
// it is, without escaping. Use it for text that is already valid HTML, such
// as the result of another T call.
type HTML string

// plainPrefixes are the key prefixes of plain-text messages.
var plainPrefixes = []string{"button.", "toast.", "cmd.", "name.", "level.", "unit.", "lang.name", "notation."}

// IsHTML reports whether the message with this key is Telegram HTML (send it
// with parse_mode "HTML") rather than plain text.
func IsHTML(key string) bool {
	for _, p := range plainPrefixes {
		if strings.HasPrefix(key, p) {
			return false
		}
	}
	return true
}

//go:embed active.*.toml
var files embed.FS

var (
	// localizers holds one localizer per language, English as the fallback.
	localizers = map[Lang]*i18n.Localizer{}
	// messages holds each language's messages by key, for Keys and tests.
	messages = map[Lang]map[string]*i18n.Message{}
	// keys is the sorted list of message keys of the English catalogue.
	keys []string
)

// strictParser fails on a template field missing from the data; its parsed
// templates are cached by go-i18n.
var strictParser = &template.TextParser{Option: "missingkey=error"}

// lenientParser renders a missing field as "<no value>" (which render
// replaces). It is used only to
// salvage a message after the strict parser failed, and is not cacheable so
// that it never shares go-i18n's cache with the strict parser.
type lenientParser struct{ template.TextParser }

func (*lenientParser) Cacheable() bool { return false }

func init() {
	if err := load(); err != nil {
		panic("locales: " + err.Error())
	}
}

func load() error {
	bundle := i18n.NewBundle(language.English)
	bundle.RegisterUnmarshalFunc("toml", toml.Unmarshal)
	for _, l := range Langs {
		path := "active." + string(l) + ".toml"
		mf, err := bundle.LoadMessageFileFS(files, path)
		if err != nil {
			return fmt.Errorf("load %s: %w", path, err)
		}
		if tag := language.Make(string(l)); mf.Tag != tag {
			return fmt.Errorf("%s: language tag %v, want %v", path, mf.Tag, tag)
		}
		m := make(map[string]*i18n.Message, len(mf.Messages))
		for _, msg := range mf.Messages {
			m[msg.ID] = msg
		}
		messages[l] = m
	}
	for _, l := range Langs {
		localizers[l] = i18n.NewLocalizer(bundle, string(l), string(EN))
	}
	for k := range messages[EN] {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return nil
}

// Keys returns the ids of all messages, sorted. Every language has the same
// set (a test enforces it).
func Keys() []string { return slices.Clone(keys) }

// T returns the message key in language lang, its template filled from data
// (which may be nil). For an unknown language it uses English; for a key
// that does not exist it returns the key itself, so that a mistake shows
// instead of an empty message. Plural messages are rendered in their "other"
// form: use N for them.
func T(lang Lang, key string, data map[string]any) string {
	return render(lang, key, nil, data)
}

// N returns the plural-aware message key in language lang for the number
// count, with data (which may be nil) and count as the field {{.Count}}.
// For example N(RU, "unit.points", 5, nil) is "5 очков".
func N(lang Lang, key string, count int, data map[string]any) string {
	return render(lang, key, &count, data)
}

func render(lang Lang, key string, count *int, data map[string]any) string {
	s, err := localize(lang, key, count, data, strictParser)
	if err == nil {
		return s
	}
	var notFound *i18n.MessageNotFoundErr
	if errors.As(err, &notFound) {
		if s != "" {
			return s // the English text, for a key missing in lang
		}
		return key
	}
	// A template field missing from data: show the rest of the message.
	// "<no value>" would break Telegram HTML, so it becomes "…".
	if s2, err2 := localize(lang, key, count, data, &lenientParser{}); err2 == nil || s2 != "" {
		return strings.ReplaceAll(s2, "<no value>", "…")
	}
	if s != "" {
		return s
	}
	return key
}

// localize renders one message with the given template parser.
func localize(lang Lang, key string, count *int, data map[string]any, parser template.Parser) (string, error) {
	loc, ok := localizers[lang]
	if !ok {
		loc = localizers[Default]
	}
	cfg := &i18n.LocalizeConfig{
		MessageID:      key,
		TemplateData:   templateData(key, count, data),
		TemplateParser: parser,
	}
	if count != nil {
		cfg.PluralCount = *count
	}
	return loc.Localize(cfg)
}

// htmlEscaper escapes the characters that Telegram HTML requires escaped.
var htmlEscaper = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;")

// EscapeHTML escapes s for Telegram HTML (&, < and >).
func EscapeHTML(s string) string { return htmlEscaper.Replace(s) }

// templateData returns the data for a message: a copy of data with Count set
// and, for an HTML message, every string value escaped.
func templateData(key string, count *int, data map[string]any) map[string]any {
	out := make(map[string]any, len(data)+1)
	html := IsHTML(key)
	for k, v := range data {
		if html {
			switch v := v.(type) {
			case HTML:
				out[k] = string(v)
				continue
			case string:
				out[k] = EscapeHTML(v)
				continue
			case fmt.Stringer:
				out[k] = EscapeHTML(v.String())
				continue
			}
		}
		out[k] = v
	}
	if count != nil {
		out["Count"] = *count
	}
	return out
}

// Decimal writes x with the given number of decimals as the language
// writes numbers: a decimal comma in Russian, Georgian and Armenian
// ("0,123"), a point in English ("0.123"); a negative number with the
// minus sign "−", and no minus on a number that rounds to zero.
func Decimal(lang Lang, x float64, digits int) string {
	s := strconv.FormatFloat(x, 'f', max(digits, 0), 64)
	if neg, ok := strings.CutPrefix(s, "-"); ok {
		if strings.Trim(neg, "0.") == "" {
			s = neg
		} else {
			s = "−" + neg
		}
	}
	switch lang {
	case RU, KA, HY:
		s = strings.Replace(s, ".", ",", 1)
	}
	return s
}
