# Labels positions met in play with GNU Backgammon's cubeless outcome
# chances, the teacher's dataset of issue 32. Runs inside gnubg's Python;
# label-gnubg.sh passes the settings in LABEL_* variables and reads the
# progress on fd 3 (gnubg prints its banner on stdout).
#
# Part K (seed K) plays games of gnubg 0-ply against itself, with noise that
# varies per game, and labels each position met before the roll (the player
# on roll, cubeless money, no Jacoby) by gnubg.evaluate at LABEL_PLIES plies.
# Positions already in the part are skipped; positions whose outcome is
# settled (every chance within 0.001 of 0 or 1) are kept one time in 20.
# The part is written as ai/train/data/teacher-KKKK.tsv.gz, lines
#   POSID <TAB> w <TAB> wg <TAB> wbg <TAB> lg <TAB> lbg
# with the chances times 65535, rounded; it is written to a temporary file
# and renamed when complete, and a part that exists is never redone.
#
# Reproducible: the dice and every choice come from random.Random(K); the
# noise is gnubg's deterministic noise (a function of the position and of
# the noise level, which the seeded generator picks per game and per move).
#
# Boards are gnubg's: (opponent, player on roll), 25 counts each, index i =
# point i+1 in that side's own numbering, 24 = the bar. The Position ID of
# (opp, me) has the player on roll as X, as `nardi show` and `nardi best`
# read it.
import os, random, sys, time

import gnubg

sys.path.insert(0, os.environ['GNUBG_SCRIPTS'])
from teacher import CI, check, log, run, write_part  # noqa: E402

EC0 = {'cubeful': 0, 'plies': 0, 'deterministic': 1, 'prune': 0, 'noise': 0.0}
START = '4HPwATDgc/ABMA'
SCALE = 65535
KEEP_SETTLED = 0.05  # share of settled positions kept
BLUNDER_NOISE = 1.0  # the noise of an occasional near-random play

def play(me, opp, move):
    """(me, opp) after gnubg's move tuple (from, to, ...; 25 the bar, 0 off)."""
    me, opp = list(me), list(opp)
    for i in range(0, len(move), 2):
        src, dst = move[i], move[i + 1]
        if src == 0:
            break
        me[src - 1] -= 1
        if dst >= 1:
            me[dst - 1] += 1
            if opp[24 - dst] == 1:  # a blot hit: to its bar
                opp[24 - dst], opp[24] = 0, opp[24] + 1
    return tuple(me), tuple(opp)


def start():
    o, m = gnubg.positionfromid(START)
    return tuple(m), tuple(o)


def games(rng):
    """Yields (me, opp, turn) before each roll of endless noisy games of
    gnubg 0-ply against itself, me on roll, turn 0 at a game's start."""
    while True:
        # the game's character: no noise, or up to 0.3 equity of noise, and
        # sometimes a near-random play (crashed boards, back games)
        sigma = 0.0 if rng.random() < 0.15 else rng.uniform(0.0, 0.3)
        blunder = 0.0 if rng.random() < 0.5 else rng.uniform(0.0, 0.05)
        me, opp = start()
        dice = (0, 0)
        while dice[0] == dice[1]:  # the opening roll: two different dice
            dice = (rng.randint(1, 6), rng.randint(1, 6))
        for turn in range(10 ** 6):
            yield me, opp, turn
            noise = BLUNDER_NOISE if rng.random() < blunder else sigma
            mv = gnubg.findbestmove((opp, me), CI, dict(EC0, noise=noise), dice)
            me, opp = play(me, opp, mv or ())
            if sum(me) == 0:
                break
            me, opp = opp, me
            dice = (rng.randint(1, 6), rng.randint(1, 6))


def settled(p):
    return all(x < 0.001 or x > 0.999 for x in p)


def part(k, size, ec, path, header):
    rng = random.Random(k)
    seen, lines = set(), []
    n_games = n_settled = n_dup = 0
    t0 = time.time()
    for me, opp, turn in games(rng):
        n_games += turn == 0
        pid = gnubg.positionid((opp, me))
        if pid in seen:
            n_dup += 1
            continue
        seen.add(pid)
        p = gnubg.evaluate((opp, me), CI, ec)[:5]
        if not check(p):
            raise RuntimeError('inconsistent chances %s for %s' % (p, pid))
        if settled(p):
            n_settled += 1
            if rng.random() >= KEEP_SETTLED:
                continue
        lines.append('%s\t%s\n' % (pid, '\t'.join(str(round(x * SCALE)) for x in p)))
        if len(lines) == size:
            break
    write_part(path, header, lines)
    dt = time.time() - t0
    return len(lines), n_games, n_settled, n_dup, dt


def bench(n):
    """Positions a second of gnubg.evaluate at 0, 1 and 2 plies (2 with and
    without pruning), each on fresh positions so no cache helps."""
    g = games(random.Random(0))
    for plies, prune in ((0, 0), (1, 0), (2, 1), (2, 0)):
        pos = [next(g)[:2] for _ in range(n)]
        ec = dict(EC0, plies=plies, prune=prune)
        t, c = time.time(), time.process_time()
        for me, opp in pos:
            gnubg.evaluate((opp, me), CI, ec)
        t, c = time.time() - t, time.process_time() - c
        log('evaluate %d plies prune %d: %.1f positions/s (wall), %.2f ms CPU each' % (
            plies, prune, n / t, 1000 * c / n))
    t = time.time()
    for _ in range(n):
        next(g)
    log('noisy 0-ply play: %.1f ms a move' % (1000 * (time.time() - t) / n))


def main():
    if os.environ.get('LABEL_BENCH'):
        bench(int(os.environ['LABEL_BENCH']))
        return
    first, last = int(os.environ['LABEL_FROM']), int(os.environ['LABEL_TO'])
    size, plies = int(os.environ['LABEL_SIZE']), int(os.environ['LABEL_PLIES'])
    prune, folder = int(os.environ['LABEL_PRUNE']), os.environ['LABEL_DIR']
    ec = dict(EC0, plies=plies, prune=prune)
    log('labelling parts %d..%d of %d positions into %s: %s, %d plies, prune %d, cubeless money' % (
        first, last, size, folder, os.environ.get('LABEL_VERSION', 'gnubg'), plies, prune))
    total, t0 = 0, time.time()
    for k in range(first, last + 1):
        path = os.path.join(folder, 'teacher-%04d.tsv.gz' % k)
        if os.path.exists(path):
            continue
        header = ('# teacher part %d, seed %d: %s, %d plies, prune %d, cubeless money; '
                  'POSID w wg wbg lg lbg (x%d) for the player on roll, before rolling\n' % (
                      k, k, os.environ.get('LABEL_VERSION', 'gnubg'), plies, prune, SCALE))
        n, g, s, d, dt = part(k, size, ec, path, header)
        total += n
        log('part %d: %d positions from %d games (%d settled of which 1 in 20 kept, %d repeats) '
            'in %.0f s, %.1f positions/s; %d bytes; this run %d positions, %.1f/s' % (
                k, n, g, s, d, dt, n / dt, os.path.getsize(path), total, total / (time.time() - t0)))
    log('done')


run(main)
