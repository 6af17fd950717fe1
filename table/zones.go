package table

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
	_ "time/tzdata" // a group's zone by name, wherever the bot runs

	"nardi/store"
)

// A group's own time zone: the host of its tournaments sets it once
// (/tournament tz +4, or tz Asia/Tbilisi), and the times of its
// tournaments (a start at 20:00, a round's deadline) are read and written
// in it. A group that set none keeps UTC.

// errBadZone: a time zone not understood.
var errBadZone = errors.New("table: not a time zone")

// ParseZone reads a time zone as a person writes it: an offset from UTC
// ("+4", "-3", "+5:30", "UTC+4", "GMT-2", "utc") or an IANA name
// ("Asia/Tbilisi", in any case). It returns the zone as it is stored: the
// name, or the offset as "+04:00".
func ParseZone(s string) (string, error) {
	s = strings.TrimSpace(s)
	up := strings.ToUpper(s)
	for _, p := range []string{"UTC", "GMT"} {
		if strings.HasPrefix(up, p) {
			up = up[len(p):]
			if up == "" {
				return "+00:00", nil
			}
		}
	}
	if up != "" && (up[0] == '+' || up[0] == '-') {
		h, m, _ := strings.Cut(up[1:], ":")
		hours, err := strconv.Atoi(h)
		mins := 0
		if err == nil && m != "" {
			mins, err = strconv.Atoi(m)
		}
		if err != nil || len(h) > 2 || hours > 14 || mins < 0 || mins >= 60 || (m != "" && len(m) != 2) {
			return "", fmt.Errorf("%w: %q", errBadZone, s)
		}
		return fmt.Sprintf("%c%02d:%02d", up[0], hours, mins), nil
	}
	if !strings.Contains(s, "/") {
		return "", fmt.Errorf("%w: %q", errBadZone, s)
	}
	for _, name := range []string{s, titled(s)} {
		if _, err := time.LoadLocation(name); err == nil {
			return name, nil
		}
	}
	return "", fmt.Errorf("%w: %q", errBadZone, s)
}

// titled writes each part of a zone's name with a capital ("asia/tbilisi"
// reads "Asia/Tbilisi").
func titled(s string) string {
	parts := strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return r == '/' || r == '_' })
	var b strings.Builder
	rest := strings.ToLower(s)
	for _, p := range parts {
		at := strings.Index(rest, p)
		b.WriteString(rest[:at])
		b.WriteString(strings.ToUpper(p[:1]) + p[1:])
		rest = rest[at+len(p):]
	}
	return b.String() + rest
}

// Location is a stored zone as a location; "" (none set) is UTC.
func Location(zone string) *time.Location {
	if zone == "" {
		return time.UTC
	}
	if zone[0] == '+' || zone[0] == '-' {
		h, _ := strconv.Atoi(zone[1:3])
		m, _ := strconv.Atoi(zone[4:6])
		secs := h*3600 + m*60
		name := "UTC" + zone[:1] + strconv.Itoa(h)
		if m != 0 {
			name += zone[3:]
		}
		if zone[0] == '-' {
			secs = -secs
		}
		if secs == 0 {
			return time.UTC
		}
		return time.FixedZone(name, secs)
	}
	loc, err := time.LoadLocation(zone)
	if err != nil {
		return time.UTC
	}
	return loc
}

// ZoneName is how a location is named beside a time: its IANA name, or
// "UTC+4".
func ZoneName(loc *time.Location) string { return loc.String() }

// Zone returns a group's time zone (UTC when none was set).
func (s *Service) Zone(ctx context.Context, chat int64) (*time.Location, error) {
	zone, err := s.store.ChatZone(ctx, chat)
	if err != nil {
		return time.UTC, err
	}
	return Location(zone), nil
}

// SetZone sets a group's time zone from what a person wrote (see
// ParseZone). Anyone sets it the first time; after that only a group
// administrator or the host of the group's tournament under way changes
// it.
func (s *Service) SetZone(ctx context.Context, a Actor, zone string, admin bool) (*time.Location, error) {
	z, err := ParseZone(zone)
	if err != nil {
		return nil, refuse(ErrBadZone, "%v", err)
	}
	unlock := s.locks.Lock(tournamentChatKey(a.Chat))
	defer unlock()
	was, err := s.store.ChatZone(ctx, a.Chat)
	if err != nil {
		return nil, err
	}
	if was != "" && !admin {
		cur, err := s.store.CurrentTournament(ctx, a.Chat)
		if err != nil && !errors.Is(err, store.ErrNotFound) {
			return nil, err
		}
		if err != nil || cur.Host != a.User.ID {
			return nil, refuse(ErrHostOnly, "user %d sets the zone of chat %d", a.User.ID, a.Chat)
		}
	}
	if err := s.store.SetChatZone(ctx, a.Chat, z, a.User.ID, s.now()); err != nil {
		return nil, err
	}
	return Location(z), nil
}

// NextAt is the first time at an hour and minute of a zone's day after
// now: today's if it is still to come, else tomorrow's.
func NextAt(now time.Time, loc *time.Location, hour, minute int) time.Time {
	local := now.In(loc)
	at := time.Date(local.Year(), local.Month(), local.Day(), hour, minute, 0, 0, loc)
	if !at.After(now) {
		at = time.Date(local.Year(), local.Month(), local.Day()+1, hour, minute, 0, 0, loc)
	}
	return at
}
