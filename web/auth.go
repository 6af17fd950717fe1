package web

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"time"
)

// Person is who a page speaks for, as Telegram vouches in its initData.
type Person struct {
	// ID is the Telegram user id.
	ID int64 `json:"id"`
	// FirstName, LastName and Username are as Telegram shows them.
	FirstName string `json:"first_name"`
	LastName  string `json:"last_name"`
	Username  string `json:"username"`
	// LanguageCode is the person's Telegram language.
	LanguageCode string `json:"language_code"`
}

// Launch is what a page's initData tells, once checked.
type Launch struct {
	Person Person
	// StartParam is the direct link's startapp parameter: a game code.
	StartParam string
	// AuthDate is when Telegram signed it.
	AuthDate time.Time
}

// errInitData is any initData that cannot be trusted.
var errInitData = errors.New("web: initData not valid")

// maxInitData bounds the initData read.
const maxInitData = 4096

// checkInitData checks a page's initData as Telegram's Mini Apps signs it:
// the hex HMAC-SHA256 of its other fields, sorted and joined by newlines,
// keyed with HMAC-SHA256("WebAppData", token); signed no longer than
// maxAge before now, and not in the future beyond a minute's drift.
func checkInitData(raw, token string, maxAge time.Duration, now time.Time) (Launch, error) {
	if raw == "" || len(raw) > maxInitData {
		return Launch{}, fmt.Errorf("%w: missing or too long", errInitData)
	}
	vals, err := url.ParseQuery(raw)
	if err != nil {
		return Launch{}, fmt.Errorf("%w: %v", errInitData, err)
	}
	hash := vals.Get("hash")
	if len(vals["hash"]) != 1 || hash == "" {
		return Launch{}, fmt.Errorf("%w: no hash", errInitData)
	}
	lines := make([]string, 0, len(vals))
	for k, v := range vals {
		if k == "hash" {
			continue
		}
		if len(v) != 1 {
			return Launch{}, fmt.Errorf("%w: field %q repeated", errInitData, k)
		}
		lines = append(lines, k+"="+v[0])
	}
	sort.Strings(lines)
	want := initDataHash(strings.Join(lines, "\n"), token)
	got, err := hex.DecodeString(hash)
	if err != nil || !hmac.Equal(got, want) {
		return Launch{}, fmt.Errorf("%w: hash does not match", errInitData)
	}
	sec, err := strconv.ParseInt(vals.Get("auth_date"), 10, 64)
	if err != nil {
		return Launch{}, fmt.Errorf("%w: auth_date", errInitData)
	}
	at := time.Unix(sec, 0)
	if now.Sub(at) > maxAge || at.Sub(now) > time.Minute {
		return Launch{}, fmt.Errorf("%w: signed at %s", errInitData, at.UTC().Format(time.RFC3339))
	}
	var p Person
	if err := json.Unmarshal([]byte(vals.Get("user")), &p); err != nil || p.ID <= 0 {
		return Launch{}, fmt.Errorf("%w: no user", errInitData)
	}
	return Launch{Person: p, StartParam: vals.Get("start_param"), AuthDate: at}, nil
}

// initDataHash is the signature of a data-check string under a bot token.
func initDataHash(check, token string) []byte {
	k := hmac.New(sha256.New, []byte("WebAppData"))
	k.Write([]byte(token))
	m := hmac.New(sha256.New, k.Sum(nil))
	m.Write([]byte(check))
	return m.Sum(nil)
}

// SignInitData makes the initData Telegram would hand a page opened by a
// person, with the given fields beside user, auth_date and hash: for
// tests and local trials of the live board, never for a page in use.
func SignInitData(token string, p Person, authDate time.Time, fields map[string]string) string {
	user, _ := json.Marshal(p)
	vals := url.Values{"user": {string(user)}, "auth_date": {strconv.FormatInt(authDate.Unix(), 10)}}
	for k, v := range fields {
		vals.Set(k, v)
	}
	lines := make([]string, 0, len(vals))
	for k, v := range vals {
		lines = append(lines, k+"="+v[0])
	}
	sort.Strings(lines)
	vals.Set("hash", hex.EncodeToString(initDataHash(strings.Join(lines, "\n"), token)))
	return vals.Encode()
}
