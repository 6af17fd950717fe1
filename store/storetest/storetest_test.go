package storetest

import (
	"context"
	"testing"
	"time"

	"nardi/store"
)

// TestPathIsMigrated: each path holds a database of its own at the
// latest schema, which a store opens and writes; what one test writes,
// another's copy does not hold.
func TestPathIsMigrated(t *testing.T) {
	ctx := context.Background()
	var versions []int
	for i := range 2 {
		st, err := store.Open(ctx, Path(t, "nardi.db"), store.Config{})
		if err != nil {
			t.Fatal(err)
		}
		v, err := st.SchemaVersion(ctx)
		if err != nil {
			t.Fatal(err)
		}
		versions = append(versions, v)
		if _, err := st.User(ctx, 1); err == nil {
			t.Errorf("copy %d holds a user written in another", i)
		}
		if _, err := st.UpsertUser(ctx, store.UserInfo{ID: 1, Name: "Nino"}, time.Now()); err != nil {
			t.Fatal(err)
		}
		if u, err := st.User(ctx, 1); err != nil || u.Name != "Nino" {
			t.Errorf("copy %d: user %+v (%v)", i, u, err)
		}
		st.Close()
	}
	if versions[0] == 0 || versions[0] != versions[1] {
		t.Fatalf("schema versions %v", versions)
	}
}
