package bot

import (
	"errors"
	"log/slog"
	"strings"
	"testing"
)

func TestRedactKeepsTheTokenOut(t *testing.T) {
	const token = "123456:AbC-dEf_ghI"
	var out strings.Builder
	log := slog.New(Redact(slog.NewTextHandler(&out, nil), token))
	err := errors.New(`Post "https://api.example/bot` + token + `/getUpdates": dial tcp: refused`)
	log.Warn("failed "+token, "err", err, "url", "/bot123456%3AAbC-dEf_ghI/x", slog.Group("g", "k", token))
	log.With("token", token).Info("with")
	if strings.Contains(out.String(), "AbC-dEf") {
		t.Fatalf("the token reached the log: %s", out.String())
	}
	if !strings.Contains(out.String(), "dial tcp: refused") || strings.Count(out.String(), "***") < 5 {
		t.Fatalf("the log lost its sense: %s", out.String())
	}
}
