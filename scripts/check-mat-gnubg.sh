#!/bin/bash
# Imports every record that `NARDI_MAT_DIR=DIR go test ./record -run
# TestExportGames` wrote into DIR with GNU Backgammon (apt-get install
# gnubg) and compares the final position and the score with the .want
# file beside it; warnings from the import count as a failure. Not part
# of the tests: the project does not need gnubg.
set -u
dir=${1:?usage: check-mat-gnubg.sh DIR}
gnubg=${GNUBG:-/usr/games/gnubg}
fail=0
for f in "$dir"/*.mat; do
  read -r p0 p1 s0 s1 < "${f%.mat}.want"
  out=$(printf 'import mat %s\nshow board\nshow score\n' "$f" | timeout 120 "$gnubg" -t -q 2>&1)
  pid=$(echo "$out" | grep "Position ID" | tail -1 | awk '{print $NF}')
  score=$(echo "$out" | grep "The score" | sed -E 's/.*is: [^ ]+ ([0-9]+), [^ ]+ ([0-9]+).*/\1 \2/')
  warn=$(echo "$out" | grep -ciE "warn|invalid|unrecogni|garbage|not a valid")
  if [[ ( $pid != "$p0" && $pid != "$p1" ) || "$score" != "$s0 $s1" || $warn != 0 ]]; then
    echo "MISMATCH $f: gnubg $pid [$score], $warn warnings; want $p0 or $p1 [$s0 $s1]"
    fail=1
  else
    echo "ok $f"
  fi
done
exit $fail
