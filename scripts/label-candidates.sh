#!/bin/bash
# Labels the candidate plays of the teacher's dataset (issue 32) with GNU
# Backgammon's cubeless chances (apt-get install gnubg), SHARDS gnubg
# processes at once (each waits most of its time in gnubg's polls, so
# several share a core):
#   ./nardi-lab teach candidates --from 1 --to 121 --out /tmp/cand   # the lists
#   scripts/label-candidates.sh --lists /tmp/cand [--shards 8] [--plies 1] [--dir /tmp/labelled] [--order 10,1,2]
#       [--near W,K]
#   ./nardi-lab teach plays --in /tmp/labelled --out ai/train/data/cand   # the dataset's compact form
# Part K goes to DIR/cand-KKKK.tsv.gz; parts already there are skipped, so
# a stopped run resumes. Run it in the background, for example
#   nohup setsid scripts/label-candidates.sh --lists /tmp/cand > /tmp/label-cand.log 2>&1 &
# and stop it with kill -- -PID. With --near W,K the lists are parts
# labelled already (say --dir of a 1-ply run) and only each group's
# candidates within W of its best by those labels, at most K, are labelled
# (say --plies 2), into another --dir. The format is in ai/train/data/README.md;
# the work is done by label-candidates.py inside gnubg's Python. Not part
# of the tests.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
lists= shards=8 plies=1 dir=$here/../ai/train/data/cand order= near=
while (($#)); do
  case $1 in
    --lists) lists=$2; shift 2 ;;
    --shards) shards=$2; shift 2 ;;
    --plies) plies=$2; shift 2 ;;
    --dir) dir=$2; shift 2 ;;
    --order) order=$2; shift 2 ;;
    --near) near=$2; shift 2 ;;
    *) echo "usage: $0 --lists DIR [--shards N] [--plies P] [--dir DIR] [--order K,K,...] [--near W,K]" >&2; exit 2 ;;
  esac
done
[ -n "$lists" ] || { echo "$0: --lists is needed" >&2; exit 2; }
gnubg=${GNUBG:-/usr/games/gnubg}
mkdir -p "$dir"
# gnubg makes its folder on start; made first, the shards do not race to make it.
mkdir -p "$HOME/.gnubg"
version="$("$gnubg" --version | head -1)"
for ((i = 0; i < shards; i++)); do
  # gnubg prints its banner on stdout, so the progress comes on fd 3.
  GNUBG_SCRIPTS=$here LABEL_LISTS=$(realpath "$lists") LABEL_DIR=$(realpath "$dir") LABEL_PLIES=$plies LABEL_SHARD=$i \
    LABEL_SHARDS=$shards LABEL_ORDER=$order LABEL_NEAR=$near LABEL_VERSION="$version" LABEL_FD3=1 \
    "$gnubg" -t -q -r -p "$here/label-candidates.py" 3>&1 >/dev/null &
done
wait
