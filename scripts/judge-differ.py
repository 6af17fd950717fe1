# Judges, inside GNU Backgammon's Python, the decisions where two players
# chose differently (`nardi-lab teach differ`): each side's result is valued
# by gnubg at JD_PLIES plies (cubeless money, backgammons counted, its
# pruning on), from the mover's side, and one line is written per decision:
# index, A's equity, B's equity. Run by judge-differ.sh, which shards the
# decisions over processes and sums the lines up.
import os

import gnubg

CI = {'jacoby': 0, 'crawford': 0, 'move': 1, 'beavers': 0, 'cube': 1,
      'matchto': 0, 'bgv': 0, 'score': (0, 0)}
EC = {'cubeful': 0, 'plies': int(os.environ['JD_PLIES']), 'deterministic': 1, 'prune': 1, 'noise': 0.0}
shard, shards = int(os.environ['JD_SHARD']), int(os.environ['JD_SHARDS'])


def value(result):
    """The mover's cubeless equity after the play: a won game's points, or
    minus the opponent's equity on roll."""
    if result.startswith('won:'):
        return float(result[4:])
    return -gnubg.evaluate(gnubg.positionfromid(result), CI, EC)[5]


with open(os.environ['JD_IN']) as f, open(os.environ['JD_OUT'], 'w', buffering=1) as out:
    k = 0
    for line in f:
        if line.startswith('#'):
            continue
        if k % shards == shard:
            i, _, _, a, b = line.split()
            out.write('%s\t%.5f\t%.5f\n' % (i, value(a), value(b)))
        k += 1
