package bot

import (
	"context"
	"fmt"
	"log/slog"
	"net/url"
	"strings"
)

// Redact wraps a log handler so that no record it writes carries a secret
// (the bot token): in the message or in any attribute, error texts
// included, as it is or escaped as in a URL. An error from building a
// request, or a proxy's page quoting the path, would otherwise bring the
// token along.
func Redact(h slog.Handler, secrets ...string) slog.Handler {
	r := &redacting{next: h}
	for _, s := range secrets {
		if s == "" {
			continue
		}
		r.pairs = append(r.pairs, s, "***")
		if esc := url.PathEscape(s); esc != s {
			r.pairs = append(r.pairs, esc, "***")
		}
		if esc := url.QueryEscape(s); esc != s {
			r.pairs = append(r.pairs, esc, "***")
		}
	}
	r.repl = strings.NewReplacer(r.pairs...)
	return r
}

type redacting struct {
	next  slog.Handler
	pairs []string
	repl  *strings.Replacer
}

func (r *redacting) Enabled(ctx context.Context, l slog.Level) bool { return r.next.Enabled(ctx, l) }

func (r *redacting) Handle(ctx context.Context, rec slog.Record) error {
	out := slog.NewRecord(rec.Time, rec.Level, r.clean(rec.Message), rec.PC)
	rec.Attrs(func(a slog.Attr) bool {
		out.AddAttrs(r.attr(a))
		return true
	})
	return r.next.Handle(ctx, out)
}

func (r *redacting) WithAttrs(as []slog.Attr) slog.Handler {
	clean := make([]slog.Attr, len(as))
	for i, a := range as {
		clean[i] = r.attr(a)
	}
	return &redacting{next: r.next.WithAttrs(clean), pairs: r.pairs, repl: r.repl}
}

func (r *redacting) WithGroup(name string) slog.Handler {
	return &redacting{next: r.next.WithGroup(name), pairs: r.pairs, repl: r.repl}
}

// clean removes the secrets from a text.
func (r *redacting) clean(s string) string {
	if len(r.pairs) == 0 {
		return s
	}
	return r.repl.Replace(s)
}

// attr removes the secrets from an attribute: every value is written as
// text first, so that errors and other values cannot slip one through.
func (r *redacting) attr(a slog.Attr) slog.Attr {
	v := a.Value.Resolve()
	switch v.Kind() {
	case slog.KindGroup:
		as := v.Group()
		clean := make([]any, len(as))
		for i, g := range as {
			clean[i] = r.attr(g)
		}
		return slog.Group(a.Key, clean...)
	case slog.KindString:
		return slog.String(a.Key, r.clean(v.String()))
	case slog.KindAny:
		return slog.String(a.Key, r.clean(fmt.Sprint(v.Any())))
	}
	return slog.Attr{Key: a.Key, Value: v}
}
