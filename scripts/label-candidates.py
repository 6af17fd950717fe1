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
import gzip, os, sys, time, traceback

import gnubg

CI = {'jacoby': 0, 'crawford': 0, 'move': 1, 'beavers': 0, 'cube': 1,
      'matchto': 0, 'bgv': 0, 'score': (0, 0)}  # money, cube at 1, centred
SCALE = 1000  # thousandths: 1-ply labels are not finer, and the parts stay small

out = os.fdopen(3, 'w', buffering=1) if os.environ.get('LABEL_FD3') else sys.stdout


def log(*a):
    print(time.strftime('%H:%M:%S'), *a, file=out)


def check(p):
    """gnubg's chances are cumulative: w >= wg >= wbg, 1-w >= lg >= lbg."""
    w, wg, wbg, lg, lbg = p
    e = 1e-6
    return 0 <= wbg <= wg + e and wg <= w + e and w <= 1 + e and 0 <= lbg <= lg + e and lg <= 1 - w + e


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
    tmp = path + '.tmp'
    with open(tmp, 'wb') as f, gzip.GzipFile(filename='', mode='wb', fileobj=f, mtime=0) as z:
        z.write(header.encode())
        z.write(''.join(lines).encode())
    os.rename(tmp, path)
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


try:
    main()
except SystemExit:
    raise
except BaseException:
    traceback.print_exc(file=out)
    sys.exit(1)
