package table

import (
	"slices"
	"testing"
	"time"

	"nardi/store"
)

func TestParseZone(t *testing.T) {
	for in, want := range map[string]string{
		"+4": "+04:00", "-3": "-03:00", "+5:30": "+05:30", "UTC+4": "+04:00", "gmt-2": "-02:00", "utc": "+00:00",
		"Asia/Tbilisi": "Asia/Tbilisi", "asia/tbilisi": "Asia/Tbilisi", "america/new_york": "America/New_York",
	} {
		if got, err := ParseZone(in); err != nil || got != want {
			t.Errorf("ParseZone(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	for _, in := range []string{"", "+15", "+4:7", "+4:60", "Tbilisi", "Mars/Olympus", "four"} {
		if got, err := ParseZone(in); err == nil {
			t.Errorf("ParseZone(%q) = %q, want an error", in, got)
		}
	}
	if loc := Location("+04:00"); ZoneName(loc) != "UTC+4" {
		t.Errorf("+04:00 is named %q", ZoneName(loc))
	}
	if loc := Location("-05:30"); ZoneName(loc) != "UTC-5:30" {
		t.Errorf("-05:30 is named %q", ZoneName(loc))
	}
}

func TestNextAt(t *testing.T) {
	tbilisi := Location("Asia/Tbilisi")                 // UTC+4
	now := time.Date(2025, 3, 1, 15, 0, 0, 0, time.UTC) // 19:00 in Tbilisi
	if got, want := NextAt(now, tbilisi, 20, 0), time.Date(2025, 3, 1, 16, 0, 0, 0, time.UTC); !got.Equal(want) {
		t.Errorf("20:00 today is %v, want %v", got, want)
	}
	if got, want := NextAt(now, tbilisi, 18, 30), time.Date(2025, 3, 2, 14, 30, 0, 0, time.UTC); !got.Equal(want) {
		t.Errorf("18:30 (past) is %v, want tomorrow's %v", got, want)
	}
}

// TestZoneSetOnce: anyone sets a group's zone the first time; then only an
// administrator or the host of the tournament under way.
func TestZoneSetOnce(t *testing.T) {
	f := newFixture(t)
	f.s.cfg.Lobby = &lobby{now: f.clock.now}
	if loc, err := f.s.Zone(ctx, group); err != nil || loc != time.UTC {
		t.Fatalf("a group without a zone: %v, %v", loc, err)
	}
	if _, err := f.s.SetZone(ctx, f.in("bob", group, 0), "Asia/Yerevan", false); err != nil {
		t.Fatal(err)
	}
	_, err := f.s.SetZone(ctx, f.in("carol", group, 0), "+3", false)
	wantCode(t, err, ErrHostOnly)
	_, err = f.s.SetZone(ctx, f.in("carol", group, 0), "Moon/Base", true)
	wantCode(t, err, ErrBadZone)
	if _, err := f.s.OpenTournament(ctx, f.in("carol", group, 1), store.Tournament{Format: store.Swiss},
		func(TournamentView) (int64, error) { return 700, nil }); err != nil {
		t.Fatal(err)
	}
	if _, err := f.s.SetZone(ctx, f.in("carol", group, 0), "+3", false); err != nil {
		t.Fatalf("the host sets the zone: %v", err)
	}
	if loc, _ := f.s.Zone(ctx, group); ZoneName(loc) != "UTC+3" {
		t.Errorf("the zone is %v", loc)
	}
}

// TestTournamentAtItsTime: a tournament set to start at a time starts then
// by itself, or is cancelled, and the group told, with too few players.
func TestTournamentAtItsTime(t *testing.T) {
	f := newFixture(t)
	names := f.entrants(t, 4)
	l := &lobby{now: f.clock.now}
	f.s.cfg.Lobby = l
	at := f.clock.now().Add(time.Hour)
	v, err := f.s.OpenTournament(ctx, f.in("alice", group, 10), store.Tournament{Format: store.Swiss, Rounds: 2, MinPlayers: 4, StartAt: at},
		func(TournamentView) (int64, error) { return 800, nil })
	if err != nil {
		t.Fatal(err)
	}
	id := v.Tournament.ID
	for i := int64(1); i <= 3; i++ {
		if _, err := f.s.JoinTournament(ctx, f.in(names[i], group, 800), id); err != nil {
			t.Fatal(err)
		}
	}
	f.clock.add(59 * time.Minute)
	f.s.sweepTournaments(ctx, f.clock.now())
	f.s.async.Wait()
	if v, _ := f.s.View(ctx, id); v.Tournament.Status != store.TournamentOpen || len(l.few) != 0 {
		t.Fatalf("before its time: %+v", v.Tournament)
	}
	f.clock.add(time.Minute)
	f.s.sweepTournaments(ctx, f.clock.now())
	f.s.async.Wait()
	v, _ = f.s.View(ctx, id)
	if v.Tournament.Status != store.TournamentCancelled || len(l.few) != 1 || len(l.few[0].Entrants) != 3 {
		t.Fatalf("three of four at its time: %+v, told %d", v.Tournament, len(l.few))
	}

	// Another, with enough players, starts at its time.
	v, err = f.s.OpenTournament(ctx, f.in("alice", group, 11), store.Tournament{Format: store.Swiss, Rounds: 2, MinPlayers: 4,
		StartAt: f.clock.now().Add(time.Hour)}, func(TournamentView) (int64, error) { return 801, nil })
	if err != nil {
		t.Fatal(err)
	}
	id = v.Tournament.ID
	for i := int64(1); i <= 4; i++ {
		if _, err := f.s.JoinTournament(ctx, f.in(names[i], group, 801), id); err != nil {
			t.Fatal(err)
		}
	}
	f.clock.add(time.Hour)
	f.s.sweepTournaments(ctx, f.clock.now())
	f.s.async.Wait()
	if v, _ = f.s.View(ctx, id); v.Tournament.Status != store.TournamentRunning || len(v.Round(1)) != 2 || len(l.few) != 1 {
		t.Fatalf("four of four at its time: %+v", v.Tournament)
	}

	// The reminder: once, near the deadline, to each player on turn.
	f.clock.add(v.Tournament.RoundTime - RemindBefore(v.Tournament.RoundTime) - time.Second)
	f.s.sweepTournaments(ctx, f.clock.now())
	f.s.async.Wait()
	if len(l.reminded) != 0 {
		t.Fatalf("reminded early: %v", l.reminded)
	}
	f.clock.add(2 * time.Second)
	var want []int64
	for _, p := range v.Round(1) {
		rec, err := f.st.LoadGame(ctx, p.GameID)
		if err != nil {
			t.Fatal(err)
		}
		want = append(want, rec.Game.Player(rec.Game.Decider()).UserID)
	}
	for range 2 {
		f.s.sweepTournaments(ctx, f.clock.now())
		f.s.async.Wait()
	}
	slices.Sort(want)
	slices.Sort(l.reminded)
	if !slices.Equal(l.reminded, want) {
		t.Fatalf("reminded %v, want the players on turn %v", l.reminded, want)
	}
}

// TestKnockoutThirdPlace: a knockout of four with a game for third place:
// the semi-finalists beaten play it beside the final, and its winner is
// third alone; each player's place.
func TestKnockoutThirdPlace(t *testing.T) {
	f := newFixture(t)
	names := f.entrants(t, 4)
	f.s.cfg.Lobby = &lobby{now: f.clock.now}
	v, err := f.s.OpenTournament(ctx, f.in("alice", group, 10), store.Tournament{Format: store.Knockout, Third: true},
		func(TournamentView) (int64, error) { return 900, nil })
	if err != nil {
		t.Fatal(err)
	}
	id := v.Tournament.ID
	for i := int64(1); i <= 4; i++ {
		if _, err := f.s.JoinTournament(ctx, f.in(names[i], group, 900), id); err != nil {
			t.Fatal(err)
		}
	}
	if v, err = f.s.StartTournament(ctx, f.in("alice", group, 900), id, false); err != nil {
		t.Fatal(err)
	}
	f.s.async.Wait()
	// Seeds 1 and 2 win their semi-finals: 4 and 3 play for third place.
	for _, p := range v.Round(1) {
		f.resign(t, f.s, p.GameID, p.B)
	}
	v, _ = f.s.View(ctx, id)
	last := v.Round(2)
	if len(last) != 2 || last[0].A != 1 || last[0].B != 2 || last[1].A != 4 || last[1].B != 3 || !v.IsThirdPlace(last[1]) || v.IsThirdPlace(last[0]) {
		t.Fatalf("the last round: %+v", last)
	}
	if last[0].GameID == 0 || last[1].GameID == 0 {
		t.Fatalf("the final and the game for third place begin together: %+v", last)
	}
	f.resign(t, f.s, last[1].GameID, 4)
	if v, _ = f.s.View(ctx, id); v.Tournament.Status != store.TournamentRunning {
		t.Fatal("over before its final")
	}
	f.resign(t, f.s, last[0].GameID, 1)
	v, _ = f.s.View(ctx, id)
	if v.Tournament.Status != store.TournamentFinished {
		t.Fatalf("tournament %s", v.Tournament.Status)
	}
	if got := v.Podium(); len(got) != 3 || got[0][0] != 2 || got[1][0] != 1 || !slices.Equal(got[2], []int64{3}) {
		t.Fatalf("podium %v", got)
	}
	for user, want := range map[int64]int{2: 1, 1: 2, 3: 3, 4: 0} {
		if place, reached := v.Place(user); place != want || reached != 2 {
			t.Errorf("user %d: place %d (round %d), want %d (round 2)", user, place, reached, want)
		}
	}
}
