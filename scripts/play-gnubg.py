# Plays cubeless money games of backgammon between `nardi best --rules
# standard` and GNU Backgammon's 0-ply (its "expert": no noise) and prints
# our points per game. Runs inside gnubg's Python (see play-gnubg.sh, which
# passes the settings in PLAY_* variables and reads the report on fd 3).
#
# Boards are gnubg's: (opponent, player on roll), each 25 counts, index
# i = point i+1 in that side's own numbering (24 = bar); so my point p is
# the opponent's index 24-p. A Position ID has the player on roll as X, as
# `nardi best` wants; its result is still seen from the mover, so the
# next player's board is the result swapped.
#
# Duplicate dice: games 2k and 2k+1 roll the same dice from the same seed,
# with the sides swapped; the first mover plays the opening roll (two
# different dice). Every play of either side must be one of the legal
# results listed by legal() below, which also checks gnubg's own plays.
import json, math, os, random, re, subprocess, sys, time, traceback

import gnubg

# gnubg's chooser: 0 plies, cubeless, no noise (its "expert"); money
# without Jacoby, so gammons count.
EC = {'cubeful': 0, 'plies': 0, 'deterministic': 1, 'prune': 0, 'noise': 0.0}
CI = {'jacoby': 0, 'crawford': 0, 'move': 1, 'beavers': 0, 'cube': 1,
      'matchto': 0, 'bgv': 0, 'score': (0, 0)}
out = os.fdopen(3, 'w', buffering=1) if os.environ.get('PLAY_FD3') else sys.stdout
SEAT = 'nardi'  # who plays in our seat, as the report names it
# PLAY_LOG: a file to which each of our decisions with a choice is written,
# "POSID D1 D2" (nardi-lab teach differ --positions reads them).
LOG = open(os.environ['PLAY_LOG'], 'w', buffering=1) if os.environ.get('PLAY_LOG') else None
# PLAY_RECORD: a file to which each game is written as one line, "N FIRST
# PTS POSID:D1D2 ...": the game's number, who moved first (nardi or gnubg),
# our points, then every turn, the mover's Position ID before the roll and
# the dice (nardi-lab teach luck reads them).
RECORD = open(os.environ['PLAY_RECORD'], 'w', buffering=1) if os.environ.get('PLAY_RECORD') else None
# The judge (PLAY_JUDGE): gnubg 2-ply, cubeless, on the plays within
# JUDGE_WINDOW of the best at 0-ply (EC, at most JUDGE_KEEP) and the play
# made.
EC2 = dict(EC, plies=2, prune=1)
JUDGE_WINDOW, JUDGE_KEEP = 0.16, 8


class Judge:
    """Equity lost by each side's plays, by gnubg 2-ply, in contact and in
    races; the worst of ours are kept to look at."""

    def __init__(self):
        self.loss = {(s, ph): [0.0, 0] for s in (True, False) for ph in ('contact', 'race')}
        self.worst = []

    def judge(self, ours, me, opp, d1, d2, res, results):
        if len(results) < 2:
            return
        # a result's equity for the mover: the opponent is on roll in it
        eq0 = {r: -gnubg.evaluate((r[0], r[1]), CI, EC)[5] for r in results}
        best0 = max(eq0.values())
        top = sorted((r for r in results if eq0[r] >= best0 - JUDGE_WINDOW), key=lambda r: -eq0[r])[:JUDGE_KEEP]
        if res not in top:
            top.append(res)
        eq2 = {r: -gnubg.evaluate((r[0], r[1]), CI, EC2)[5] for r in top}
        lost = max(eq2.values()) - eq2[res]
        phase = 'contact' if contact(me, opp) else 'race'
        acc = self.loss[(ours, phase)]
        acc[0], acc[1] = acc[0] + lost, acc[1] + 1
        if ours and lost > 0.02:
            self.worst.append((lost, posid(me, opp), d1, d2))

    def report(self):
        def pr(ours, phases):
            tot = sum(self.loss[(ours, ph)][0] for ph in phases)
            n = sum(self.loss[(ours, ph)][1] for ph in phases)
            return '%.2f over %d' % (500 * tot / n if n else float('nan'), n)
        for ours, who in ((True, SEAT), (False, 'gnubg')):
            print('judge (gnubg 2-ply) PR of %s: %s decisions; contact %s, race %s' % (
                who, pr(ours, ('contact', 'race')), pr(ours, ('contact',)), pr(ours, ('race',))), file=out)
        self.worst.sort(reverse=True)
        for lost, pid, d1, d2 in self.worst[:int(os.environ.get('PLAY_WORST', '0'))]:
            print('worst: %.3f %s %d %d' % (lost, pid, d1, d2), file=out)


def contact(me, opp):
    """Whether a checker of either side still has to pass one of the other's."""
    mine = [p + 1 for p in range(25) if me[p]]  # my points, 25 the bar
    theirs = [25 - (p + 1) for p in range(25) if opp[p]]  # in my numbering, 0 their bar
    return max(mine) > min(theirs)


def step(me, opp, src, dst):
    """Moves one checker of me from src to dst (1..24, 25 bar, <=0 off),
    hitting a blot; returns new (me, opp) lists or None if illegal."""
    if me[src - 1] == 0 or (src != 25 and me[24]):
        return None
    if dst >= 1:
        if opp[24 - dst] >= 2:
            return None
    elif sum(me[6:]) or (dst < 0 and sum(me[src:6])):
        return None  # not all home, or a higher point still to clear
    me, opp = list(me), list(opp)
    me[src - 1] -= 1
    if dst >= 1:
        me[dst - 1] += 1
        if opp[24 - dst] == 1:
            opp[24 - dst], opp[24] = 0, opp[24] + 1
    return me, opp


def legal(me, opp, d1, d2):
    """The set of (me, opp) tuples a legal play of d1-d2 can reach: as many
    dice as can be played, the larger if only one of two can (the start
    itself when nothing can be played)."""
    hi, lo = max(d1, d2), min(d1, d2)
    orders = [[hi] * 4] if hi == lo else [[hi, lo], [lo, hi]]
    ends = []  # (dice used, positions) for each order of the dice
    for order in orders:
        level, used = {(tuple(me), tuple(opp))}, 0
        for d in order:
            nxt = set()
            for m, o in level:
                for src in range(1, 26):
                    r = step(m, o, src, src - d)
                    if r:
                        nxt.add((tuple(r[0]), tuple(r[1])))
            if not nxt:
                break
            level, used = nxt, used + 1
        ends.append((used, level))
    best = max(u for u, _ in ends)
    if best == 1 and hi != lo and ends[0][0] == 1:
        ends = ends[:1]  # only one die can be played: the larger one
    return set().union(*(lv for u, lv in ends if u == best))


def apply(me, opp, move):
    """Plays gnubg's move tuple (from, to, ...; 25 bar, 0 off)."""
    for i in range(0, len(move), 2):
        r = step(me, opp, move[i], move[i + 1])
        if r is None:
            raise RuntimeError('gnubg move %s does not apply' % (move,))
        me, opp = r
    return tuple(me), tuple(opp)


def posid(me, opp):
    return gnubg.positionid((opp, me))


class Baseline:
    """GNU Backgammon itself choosing by the evaluation context ec: the
    opponent (EC), or at N plies in our seat (PLAY_LEVEL gnubg-Nply), what
    its own deeper levels score against its 0-ply on the same dice, the
    yardstick for ours."""

    def __init__(self, ec):
        self.ec = ec

    def play(self, me, opp, d1, d2):
        mv = gnubg.findbestmove((opp, me), CI, self.ec, (d1, d2))
        return (apply(me, opp, mv) if mv else (me, opp)), mv

    def close(self):
        pass


class Nardi:
    """A persistent `nardi best` process answering one position at a time."""

    def __init__(self, binary, level):
        args = [binary, 'best', '--rules', 'standard', '--level', level]
        if os.environ.get('PLAY_EXACT'):
            args.append('--exact')  # no time limit: the same plays on a busy machine
        if os.environ.get('PLAY_TUNE'):
            args += ['--tune', os.environ['PLAY_TUNE']]  # another search, for measurement
        self.p = subprocess.Popen(args,
                                  stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

    def play(self, me, opp, d1, d2):
        self.p.stdin.write('%s %d %d\n' % (posid(me, opp), d1, d2))
        self.p.stdin.flush()
        a = json.loads(self.p.stdout.readline() or '{"error": "nardi best exited"}')
        if 'error' in a:
            raise RuntimeError('nardi best: ' + a['error'])
        o, m = gnubg.positionfromid(a['result'])  # still seen from the mover
        return (m, o), a['move']

    def close(self):
        self.p.stdin.close()
        self.p.wait()


def dice_of(seed, pair):
    """The pair's dice: an opening roll of two different dice, then rolls."""
    rng = random.Random('%d:%d' % (seed, pair))
    rolls = [(0, 0)]
    while rolls[0][0] == rolls[0][1]:
        rolls[0] = (rng.randint(1, 6), rng.randint(1, 6))

    def roll(turn):
        while len(rolls) <= turn:
            rolls.append((rng.randint(1, 6), rng.randint(1, 6)))
        return rolls[turn]
    return roll


GNUBG = Baseline(EC)  # the opponent


def play_game(nardi, roll, nardi_first, clock, judge=None, turns=None):
    """Returns our points (+ won, - lost) and the number of turns; judge,
    when given, scores every play; turns, when given, gets each turn's
    "POSID:D1D2" (the mover on roll, before the roll)."""
    o, m = gnubg.positionfromid('4HPwATDgc/ABMA')
    me, opp, ours, turn = m, o, nardi_first, 0
    while True:
        d1, d2 = roll(turn)
        if turns is not None:
            turns.append('%s:%d%d' % (posid(me, opp), d1, d2))
        t = time.time()
        res, move = (nardi if ours else GNUBG).play(me, opp, d1, d2)
        clock[ours] += time.time() - t
        results = legal(me, opp, d1, d2)
        if res not in results:
            sys.exit('ILLEGAL PLAY by %s: %s %d %d -> %s (%s)' % (
                'nardi' if ours else 'gnubg', posid(me, opp), d1, d2, posid(*res), move))
        if judge:
            judge.judge(ours, me, opp, d1, d2, res, results)
        if ours and LOG and len(results) > 1:
            LOG.write('%s %d %d\n' % (posid(me, opp), d1, d2))
        me, opp = res
        if sum(me) == 0:
            pts = 1 if sum(opp) < 15 else 3 if sum(opp[18:]) else 2
            return (pts if ours else -pts), turn + 1
        me, opp, ours, turn = opp, me, not ours, turn + 1


def report(pts, clock, t0):
    n, pairs = len(pts), [(pts[i] + pts[i + 1]) / 2 for i in range(0, len(pts) - 1, 2)]
    mean = sum(pts) / n
    half = float('nan')
    if len(pairs) > 1:
        pm = sum(pairs) / len(pairs)
        half = 1.96 * math.sqrt(sum((x - pm) ** 2 for x in pairs) / (len(pairs) - 1) / len(pairs))
    count = lambda v: sum(1 for p in pts if p == v)
    print('%d games: %s %+.3f points/game, 95%% CI [%+.3f, %+.3f] (over %d duplicate pairs), '
          'wins %.1f%%; %s gammons %d backgammons %d, gnubg gammons %d backgammons %d; '
          '%.2f s/game (%s %.2f, gnubg %.2f)' % (
              n, SEAT, mean, mean - half, mean + half, len(pairs), 100 * sum(1 for p in pts if p > 0) / n,
              SEAT, count(2), count(3), count(-2), count(-3),
              (time.time() - t0) / n, SEAT, clock[True] / n, clock[False] / n), file=out)


def main():
    games, seed = int(os.environ['PLAY_GAMES']), int(os.environ['PLAY_SEED'])
    games += games % 2  # whole duplicate pairs
    level, verbose = os.environ['PLAY_LEVEL'], os.environ.get('PLAY_VERBOSE')
    global SEAT
    m = re.fullmatch(r'gnubg-(\d)ply', level)
    if m:
        nardi, SEAT = Baseline(dict(EC, plies=int(m.group(1)), prune=1)), level
    else:
        nardi, SEAT = Nardi(os.environ['PLAY_NARDI'], level), 'nardi ' + level
    print('%s vs gnubg 0-ply, cubeless money, %d games, seed %d' % (SEAT, games, seed), file=out)
    if RECORD:
        RECORD.write('# %s vs gnubg 0-ply, cubeless money, %d games, seed %d\n' % (SEAT, games, seed))
    pts, clock, t0 = [], {True: 0.0, False: 0.0}, time.time()
    judge = Judge() if os.environ.get('PLAY_JUDGE') else None
    for g in range(games):
        first = (g // 2 + g) % 2 == 0  # pairs alternate who leads, then swap
        record = [] if RECORD else None
        p, turns = play_game(nardi, dice_of(seed, g // 2), first, clock, judge, record)
        pts.append(p)
        if RECORD:
            RECORD.write('%d %s %+d %s\n' % (g + 1, 'nardi' if first else 'gnubg', p, ' '.join(record)))
        if verbose:
            print('game %d: %s first, nardi %+d, %d turns' % (g + 1, 'nardi' if first else 'gnubg', p, turns), file=out)
        if len(pts) % 50 == 0 or len(pts) == games:
            report(pts, clock, t0)
            if judge:
                judge.report()
    nardi.close()


try:
    main()
except SystemExit:
    raise
except BaseException:
    traceback.print_exc()
    sys.exit(1)
