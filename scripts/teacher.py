# What the scripts run inside GNU Backgammon's Python share (issue 32):
# the cube of a cubeless money game, the progress log on fd 3, the check
# of gnubg's chances, reading and writing a part whole and the run that
# reports a failure. The shell scripts put this folder on the path
# (GNUBG_SCRIPTS); scripts/compare-labels.py, plain Python, imports it too.
import gzip, os, sys, time, traceback

CI = {'jacoby': 0, 'crawford': 0, 'move': 1, 'beavers': 0, 'cube': 1,
      'matchto': 0, 'bgv': 0, 'score': (0, 0)}  # money, cube at 1, centred

SCALE = 1000  # candidates' chances in thousandths: 1-ply labels are not finer, and the parts stay small

out = os.fdopen(3, 'w', buffering=1) if os.environ.get('LABEL_FD3') else sys.stdout


def log(*a):
    print(time.strftime('%H:%M:%S'), *a, file=out)


def check(p):
    """gnubg's chances are cumulative: w >= wg >= wbg, 1-w >= lg >= lbg."""
    w, wg, wbg, lg, lbg = p
    e = 1e-6
    return 0 <= wbg <= wg + e and wg <= w + e and w <= 1 + e and 0 <= lbg <= lg + e and lg <= 1 - w + e


def read_labelled(path):
    """A labelled part of candidates (cand-KKKK.tsv.gz, chances times
    SCALE): group -> its candidates in order, each (Position ID, the
    mover's cubeless equity; the chances are the opponent's, on roll after
    the play)."""
    groups = {}
    with gzip.open(path, 'rt') as f:
        for line in f:
            if line.startswith('#'):
                continue
            cols = line.split()
            w, wg, wbg, lg, lbg = (int(x) / SCALE for x in cols[1:6])
            groups.setdefault(cols[6], []).append((cols[0], -(2 * w - 1 + wg - lg + wbg - lbg)))
    return groups


def write_part(path, header, lines):
    """Writes a part gzip-ed (no time stamp, so the bytes follow from the
    content) to a temporary file renamed when whole."""
    tmp = path + '.tmp'
    with open(tmp, 'wb') as f, gzip.GzipFile(filename='', mode='wb', fileobj=f, mtime=0) as z:
        z.write(header.encode())
        z.write(''.join(lines).encode())
    os.rename(tmp, path)


def run(main):
    """Runs main, reporting a failure on the progress log."""
    try:
        main()
    except SystemExit:
        raise
    except BaseException:
        traceback.print_exc(file=out)
        sys.exit(1)
