# Labels the candidate plays of the teacher's dataset (issue 32) with GNU
# Backgammon's cubeless outcome chances. Runs inside gnubg's Python;
# label-candidates.sh passes the settings in LABEL_* variables and reads the
# progress on fd 3 (gnubg prints its banner on stdout).
#
# The lists come from `nardi-lab teach candidates`: LABEL_LISTS/cand-KKKK.list,
# lines "POSID <TAB> G", each position the result of a play seen by the
# opponent (on roll next), G the roll's group. Each is labelled by
# gnubg.evaluate at LABEL_PLIES plies (cubeless money, no Jacoby) and the
# part is written as LABEL_DIR/cand-KKKK.tsv.gz, lines
#   POSID <TAB> w <TAB> wg <TAB> wbg <TAB> lg <TAB> lbg <TAB> G
# with the chances times 1000, rounded; written to a temporary file and
# renamed when complete, and a part that exists is never redone. This
# process takes the parts K with K % LABEL_SHARDS == LABEL_SHARD, in the
# order of LABEL_ORDER (part numbers, comma-separated) and then by number.
#
# With LABEL_NEAR="W,K" the lists are parts already labelled (LABEL_LISTS/
# cand-KKKK.tsv.gz, say at 1 ply): of each group only the candidates within
# W of the group's best by those labels, at most K of them, are labelled
# anew (say at 2 plies), and a group with fewer than two such is left out.
# The labels that choose a play are the ones worth a deeper search: on 16
# parts of round 9, deep labels on the candidates within 0.08 of the 1-ply
# best, at most 3 (2.1 a group of 6.3), keep three quarters of what 2-ply
# labels on all of them would add (scripts/compare-labels.py).
import os, sys, time

import gnubg

sys.path.insert(0, os.environ['GNUBG_SCRIPTS'])
from teacher import CI, SCALE, check, log, read_labelled, run, write_part  # noqa: E402


def label(src, path, ec, header, near):
    lines = []
    t0 = time.time()
    for pid, group in near(src) if near else listed(src):
        p = gnubg.evaluate(gnubg.positionfromid(pid), CI, ec)[:5]
        if not check(p):
            raise RuntimeError('inconsistent chances %s for %s' % (p, pid))
        lines.append('%s\t%s\t%s\n' % (pid, '\t'.join(str(round(x * SCALE)) for x in p), group))
    write_part(path, header, lines)
    return len(lines), time.time() - t0


def listed(src):
    """The candidates of a list: (Position ID, group) pairs."""
    with open(src) as f:
        for line in f:
            pid, group = line.split()
            yield pid, group


def nearer(window, most):
    """The candidates of a labelled part within window of their group's
    best (for the mover: the labels are the opponent's), at most most of
    them, in the part's order, from groups with two or more such, the
    groups numbered again from 0 (as a part's are)."""
    def near(src):
        groups = read_labelled(src)
        kept = 0
        for cands in groups.values():
            top = max(eq for _, eq in cands)
            keep = sorted(range(len(cands)), key=lambda i: -cands[i][1])
            keep = sorted(i for i in keep[:most] if cands[i][1] >= top - window)
            if len(keep) >= 2:
                for i in keep:
                    yield cands[i][0], kept
                kept += 1
    return near


def main():
    lists, folder = os.environ['LABEL_LISTS'], os.environ['LABEL_DIR']
    plies = int(os.environ['LABEL_PLIES'])
    shard, shards = int(os.environ['LABEL_SHARD']), int(os.environ['LABEL_SHARDS'])
    ec = {'cubeful': 0, 'plies': plies, 'deterministic': 1, 'prune': 1, 'noise': 0.0}
    near, what, ext = None, 'candidates', '.list'
    if os.environ.get('LABEL_NEAR'):
        window, most = os.environ['LABEL_NEAR'].split(',')
        near, ext = nearer(float(window), int(most)), '.tsv.gz'
        what = 'the candidates within %s of the best by %s, at most %s,' % (window, lists, most)
    numbers = sorted(int(n[5:-len(ext)]) for n in os.listdir(lists) if n.startswith('cand-') and n.endswith(ext))
    first = [int(k) for k in os.environ.get('LABEL_ORDER', '').split(',') if k]
    order = [k for k in first if k in numbers] + [k for k in numbers if k not in first]
    log('labelling %s shard %d of %d, into %s: %s, %d plies' % (
        what, shard, shards, folder, os.environ.get('LABEL_VERSION', 'gnubg'), plies))
    total, t0 = 0, time.time()
    for k in order:
        if k % shards != shard:
            continue
        path = os.path.join(folder, 'cand-%04d.tsv.gz' % k)
        if os.path.exists(path):
            continue
        header = ('# candidates of teacher part %d: %s, %d plies%s, cubeless money; '
                  'POSID w wg wbg lg lbg (x%d) for the player on roll, before rolling; group\n' % (
                      k, os.environ.get('LABEL_VERSION', 'gnubg'), plies,
                      ' (the candidates within %s of the best by the labels before, at most %s)' % (window, most)
                      if near else '', SCALE))
        n, dt = label(os.path.join(lists, 'cand-%04d%s' % (k, ext)), path, ec, header, near)
        total += n
        log('part %d: %d positions in %.0f s, %.1f/s; this run %d, %.1f/s' % (
            k, n, dt, n / dt, total, total / (time.time() - t0)))
    log('done')


run(main)
