# Labels the candidate plays of the teacher's dataset (issue 32) with GNU
# Backgammon's cubeless outcome chances. Runs inside gnubg's Python;
# label-candidates.sh passes the settings in LABEL_* variables and reads the
# progress on fd 3 (gnubg prints its banner on stdout).
#
# The lists come from `nardi teach candidates`: LABEL_LISTS/cand-KKKK.list,
# lines "POSID <TAB> G", each position the result of a play seen by the
# opponent (on roll next), G the roll's group. Each is labelled by
# gnubg.evaluate at LABEL_PLIES plies (cubeless money, no Jacoby) and the
# part is written as LABEL_DIR/cand-KKKK.tsv.gz, lines
#   POSID <TAB> w <TAB> wg <TAB> wbg <TAB> lg <TAB> lbg <TAB> G
# with the chances times 65535, rounded; written to a temporary file and
# renamed when complete, and a part that exists is never redone. This
# process takes the parts K with K % LABEL_SHARDS == LABEL_SHARD, in the
# order of LABEL_ORDER (part numbers, comma-separated) and then by number.
import os, sys, time

import gnubg

sys.path.insert(0, os.environ['GNUBG_SCRIPTS'])
from teacher import CI, check, log, run, write_part  # noqa: E402

SCALE = 1000  # thousandths: 1-ply labels are not finer, and the parts stay small


def label(src, path, ec, header):
    lines = []
    t0 = time.time()
    with open(src) as f:
        for line in f:
            pid, group = line.split()
            p = gnubg.evaluate(gnubg.positionfromid(pid), CI, ec)[:5]
            if not check(p):
                raise RuntimeError('inconsistent chances %s for %s' % (p, pid))
            lines.append('%s\t%s\t%s\n' % (pid, '\t'.join(str(round(x * SCALE)) for x in p), group))
    write_part(path, header, lines)
    return len(lines), time.time() - t0


def main():
    lists, folder = os.environ['LABEL_LISTS'], os.environ['LABEL_DIR']
    plies = int(os.environ['LABEL_PLIES'])
    shard, shards = int(os.environ['LABEL_SHARD']), int(os.environ['LABEL_SHARDS'])
    ec = {'cubeful': 0, 'plies': plies, 'deterministic': 1, 'prune': 1, 'noise': 0.0}
    numbers = sorted(int(n[5:-5]) for n in os.listdir(lists) if n.startswith('cand-') and n.endswith('.list'))
    first = [int(k) for k in os.environ.get('LABEL_ORDER', '').split(',') if k]
    order = [k for k in first if k in numbers] + [k for k in numbers if k not in first]
    log('labelling candidates of shard %d of %d into %s: %s, %d plies' % (
        shard, shards, folder, os.environ.get('LABEL_VERSION', 'gnubg'), plies))
    total, t0 = 0, time.time()
    for k in order:
        if k % shards != shard:
            continue
        path = os.path.join(folder, 'cand-%04d.tsv.gz' % k)
        if os.path.exists(path):
            continue
        header = ('# candidates of teacher part %d: %s, %d plies, cubeless money; '
                  'POSID w wg wbg lg lbg (x%d) for the player on roll, before rolling; group\n' % (
                      k, os.environ.get('LABEL_VERSION', 'gnubg'), plies, SCALE))
        n, dt = label(os.path.join(lists, 'cand-%04d.list' % k), path, ec, header)
        total += n
        log('part %d: %d positions in %.0f s, %.1f/s; this run %d, %.1f/s' % (
            k, n, dt, n / dt, total, total / (time.time() - t0)))
    log('done')


run(main)
