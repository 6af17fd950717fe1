package bot

import (
	"flag"
	"os"
	"strconv"
	"testing"
)

// parallelTests is how many tests marked parallel run at once unless
// -parallel says otherwise. The bot's tests spend most of their time
// waiting on the fake Bot API, on timers and on the group pace, not on
// the processors, so more of them than there are processors can wait at
// once.
const parallelTests = 8

// TestMain runs the tests with parallelTests of the parallel ones at once,
// unless -parallel is given.
func TestMain(m *testing.M) {
	flag.Parse()
	set := false
	flag.Visit(func(f *flag.Flag) { set = set || f.Name == "test.parallel" })
	if !set {
		if err := flag.Set("test.parallel", strconv.Itoa(parallelTests)); err != nil {
			panic(err)
		}
	}
	os.Exit(m.Run())
}
