#!/bin/bash
# Judges by GNU Backgammon (apt-get install gnubg) the decisions where two
# players chose differently, as written by `nardi-lab teach differ`, and prints
# how much B's choices gain over A's by gnubg's N-ply equity, per decision
# of all the decisions played (± one standard error), times 500 as gnubg's
# PR counts, and per 22 decisions (about one side's decisions in a game):
#   scripts/judge-differ.sh --in FILE [--plies 3] [--shards 2]
# gnubg 3-ply takes about 0.25 s a result on one core. Not part of the tests.
set -eu
in= plies=3 shards=2
while (($#)); do
  case $1 in
    --in) in=$2; shift 2 ;;
    --plies) plies=$2; shift 2 ;;
    --shards) shards=$2; shift 2 ;;
    *) echo "usage: $0 --in FILE [--plies N] [--shards K]" >&2; exit 2 ;;
  esac
done
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d /tmp/judge-differ.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
for ((k = 0; k < shards; k++)); do
  JD_IN=$in JD_OUT=$tmp/out.$k JD_PLIES=$plies JD_SHARD=$k JD_SHARDS=$shards \
    "${GNUBG:-/usr/games/gnubg}" -t -q -r -p "$here/judge-differ.py" >/dev/null 2>"$tmp/err.$k" &
done
wait
total=$(sed -n 's/^# \([0-9]*\) decisions.*/\1/p' "$in")
cat "$tmp"/out.* | awk -v n="$total" -v plies="$plies" '
  { d = $3 - $2; s += d; ss += d * d; m++; if (d > 0) better++; if (d < 0) worse++ }
  END {
    if (n == 0) { print "no decisions"; exit 1 }
    mean = s / n; se = sqrt((ss / n - mean * mean) / n)
    printf "%d decisions, %d judged where the players differ (B better %d, worse %d) by gnubg %d-ply\n", n, m, better, worse, plies
    printf "B - A: %+.5f ± %.5f a decision (×500: %+.3f ± %.3f), %+.4f ± %.4f per 22 decisions\n", mean, se, 500 * mean, 500 * se, 22 * mean, 22 * se
  }'
