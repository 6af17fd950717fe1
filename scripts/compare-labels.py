#!/usr/bin/env python3
"""Compares two labellings of the same candidate parts (issue 32): DEEP, the
judge's (say gnubg 2-ply), and SHALLOW (say 1-ply), both written by
label-candidates.sh from the same lists. For every roll's group it takes
the play each labelling ranks first and says how much the shallow choice,
and the network's (the lists' first candidate, the network's best at
0-ply), lose by the deep labels, as mean loss x 500 (the PR's scale); then
how much is kept by labelling deeply only the candidates the shallow
labels put within W of their best, at most K of them:

    scripts/compare-labels.py DEEP_DIR SHALLOW_DIR

Only the parts found in both folders are read. Not part of the tests.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from teacher import read_labelled  # noqa: E402


def read(path):
    """The part's groups: group -> the movers' equities, in order."""
    return {g: [eq for _, eq in cands] for g, cands in read_labelled(path).items()}


def best(eqs, among=None):
    among = range(len(eqs)) if among is None else among
    return max(among, key=lambda i: eqs[i])


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    deep_dir, shallow_dir = sys.argv[1:]
    pairs = []
    for name in sorted(os.listdir(deep_dir)):
        other = os.path.join(shallow_dir, name)
        if name.endswith('.tsv.gz') and os.path.exists(other):
            deep, shallow = read(os.path.join(deep_dir, name)), read(other)
            for g, d in deep.items():
                if len(shallow[g]) != len(d):
                    sys.exit('%s group %s: %d candidates against %d' % (name, g, len(d), len(shallow[g])))
                pairs.append((d, shallow[g]))
    if not pairs:
        sys.exit('no part is in both folders')
    n = len(pairs)
    agree = sum(best(d) == best(s) for d, s in pairs)
    lost = sum(max(d) - d[best(s)] for d, s in pairs)
    net_deep = sum(max(d) - d[0] for d, s in pairs)
    net_shallow = sum(max(s) - s[0] for d, s in pairs)
    print('%d groups of %.1f candidates on average' % (n, sum(len(d) for d, _ in pairs) / n))
    print('the shallow best is the deep best in %.1f%%; the shallow choice loses %.2f (x500) by the deep labels'
          % (100 * agree / n, 500 * lost / n))
    print("the network's first candidate loses %.2f by the deep labels, %.2f by the shallow ones"
          % (500 * net_deep / n, 500 * net_shallow / n))
    print('deep labels only within W of the shallow best, at most K: deep labels a group, loss (x500)')
    for w in (0.04, 0.08, 0.12):
        for k in (2, 3, 4):
            count, loss = 0, 0.0
            for d, s in pairs:
                near = sorted((i for i in range(len(s)) if s[i] >= max(s) - w), key=lambda i: -s[i])[:k]
                if len(near) > 1:
                    count += len(near)
                loss += max(d) - d[best(d, near)]
            print('  W %.2f K %d: %.2f, %.2f' % (w, k, count / n, 500 * loss / n))


main()
