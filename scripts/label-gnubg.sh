#!/bin/bash
# The teacher's dataset (issue 32): positions met in noisy self-play of GNU
# Backgammon 0-ply (apt-get install gnubg), labelled with gnubg's cubeless
# chances at 2 plies, one gzip-ed part of SIZE positions per seed:
#   scripts/label-gnubg.sh --from K1 --to K2 [--size 5000] [--dir ai/train/data] [--plies 2] [--prune 1]
#   scripts/label-gnubg.sh --bench N     # positions/s of gnubg.evaluate at 0, 1, 2 plies
# Part K (seed K) goes to DIR/teacher-KKKK.tsv.gz; parts already there are
# skipped, so a stopped run resumes where it was. One gnubg process, one
# core; run in the background, for example
#   nohup setsid scripts/label-gnubg.sh --from 1 --to 400 > /tmp/label-gnubg.log 2>&1 &
# and stop it with kill -- -PID (PID of that setsid'd process group). The
# format is in ai/train/data/README.md; the work is done by label-gnubg.py
# inside gnubg's Python. Not part of the tests.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
from=1 to=1 size=5000 dir=$here/../ai/train/data plies=2 prune=1 bench=
while (($#)); do
  case $1 in
    --from) from=$2; shift 2 ;;
    --to) to=$2; shift 2 ;;
    --size) size=$2; shift 2 ;;
    --dir) dir=$2; shift 2 ;;
    --plies) plies=$2; shift 2 ;;
    --prune) prune=$2; shift 2 ;;
    --bench) bench=$2; shift 2 ;;
    *) echo "usage: $0 --from K1 --to K2 [--size N] [--dir DIR] [--plies P] [--prune 0|1] | --bench N" >&2; exit 2 ;;
  esac
done
gnubg=${GNUBG:-/usr/games/gnubg}
mkdir -p "$dir"
# gnubg makes its folder on start; made first, runs started at once do not race to make it.
mkdir -p "$HOME/.gnubg"
# gnubg prints its banner on stdout, so the progress comes on fd 3.
GNUBG_SCRIPTS=$here LABEL_FROM=$from LABEL_TO=$to LABEL_SIZE=$size LABEL_DIR=$(realpath "$dir") LABEL_PLIES=$plies \
  LABEL_PRUNE=$prune LABEL_BENCH=$bench LABEL_VERSION="$("$gnubg" --version | head -1)" LABEL_FD3=1 \
  "$gnubg" -t -q -r -p "$here/label-gnubg.py" 3>&1 >/dev/null
