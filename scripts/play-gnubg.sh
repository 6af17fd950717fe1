#!/bin/bash
# Plays cubeless money games between the computer (`nardi best --rules
# standard`) and GNU Backgammon 0-ply (apt-get install gnubg), duplicate
# dice, and prints our points per game with a 95% confidence interval:
#   scripts/play-gnubg.sh --games N --level master|grandmaster|gnubg-Nply --seed S [--nardi BIN] [--verbose]
#       [--exact] [--judge [--worst K]] [--log FILE] [--record FILE] [--tune SPEC]
# Without --nardi it builds the checkout into a temporary file. --judge
# scores every play of both sides by gnubg 2-ply (about 5x slower) and
# prints each side's PR, in contact and in races; --worst K lists our K
# costliest decisions (Position ID and dice). --log FILE writes each of
# our decisions that has a choice to FILE as "POSID D1 D2", for
# `nardi-lab teach differ --positions FILE`. --record FILE writes each game
# as a line of its turns (Position ID and dice), for `nardi-lab teach luck`
# (results with the luck of the dice taken out). --exact plays without the
# level's time limit (nardi best --exact); --tune SPEC searches otherwise
# than the level (nardi best --tune, e.g. share=1). --level gnubg-2ply puts gnubg
# itself at 2 plies (any N) in our seat: the yardstick of what a deeper
# search of gnubg's own scores against its 0-ply on the same dice. The games
# are played by play-gnubg.py inside gnubg's Python. Not part of the tests.
set -eu
games=100 level=master seed=1 nardi= verbose= judge= worst=0 exact= log= record= tune=
while (($#)); do
  case $1 in
    --games) games=$2; shift 2 ;;
    --level) level=$2; shift 2 ;;
    --seed) seed=$2; shift 2 ;;
    --nardi) nardi=$2; shift 2 ;;
    --verbose) verbose=1; shift ;;
    --judge) judge=1; shift ;;
    --exact) exact=1; shift ;;
    --worst) worst=$2; shift 2 ;;
    --log) log=$(realpath "$2"); shift 2 ;;
    --record) record=$(realpath "$2"); shift 2 ;;
    --tune) tune=$2; shift 2 ;;
    *) echo "usage: $0 --games N --level master|grandmaster|gnubg-Nply --seed S [--nardi BIN] [--verbose] [--exact] [--judge [--worst K]] [--log FILE] [--record FILE] [--tune SPEC]" >&2; exit 2 ;;
  esac
done
here=$(cd "$(dirname "$0")" && pwd)
if [[ -z $nardi && $level != gnubg-*ply ]]; then
  nardi=$(mktemp /tmp/nardi-play.XXXXXX)
  trap 'rm -f "$nardi"' EXIT
  (cd "$here/.." && go build -o "$nardi" .)
fi
# gnubg prints its banner on stdout, so the report comes on fd 3.
PLAY_GAMES=$games PLAY_LEVEL=$level PLAY_SEED=$seed PLAY_NARDI=${nardi:+$(realpath "$nardi")} \
  PLAY_VERBOSE=$verbose PLAY_EXACT=$exact PLAY_JUDGE=$judge PLAY_WORST=$worst PLAY_LOG=$log PLAY_RECORD=$record PLAY_TUNE=$tune PLAY_FD3=1 "${GNUBG:-/usr/games/gnubg}" -t -q -r -p "$here/play-gnubg.py" 3>&1 >/dev/null
