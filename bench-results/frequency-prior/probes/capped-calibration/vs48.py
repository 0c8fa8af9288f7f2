"""Site-by-site verdicts of one strategy's crawls against another's, from two sets of harness results.

usage: python3 vs48.py SUBJECT_PATTERN SUBJECT_STRATEGY OTHER_PATTERN OTHER_STRATEGY
A pattern names each seed's result.json with {s} for the seed (1 to 5). Ties as in `bench combine`:
coverage and harvest rate within 0.001; queries-to equal, or neither reached it (reaching it beats not).
"""
import json, sys
from math import comb

def sign_p(a, b):
    n, k = a + b, min(a, b)
    return 1.0 if n == 0 else min(1.0, 2 * sum(comb(n, i) for i in range(k + 1)) / 2 ** n)

def runs(path):
    return {(r['strategy'], r['domain']): r for r in json.load(open(path))['runs']}

subj_pat, subj, other_pat, other = sys.argv[1:5]
for metric, lower_is_better in [('coverage@25', False), ('queriesTo90', True), ('queriesTo99', True), ('harvestRate', False)]:
    ahead = tied = behind = 0
    for s in range(1, 6):
        mine, theirs = runs(subj_pat.format(s=s)), runs(other_pat.format(s=s))
        for (strategy, domain), a in mine.items():
            if strategy != subj or (other, domain) not in theirs:
                continue
            b = theirs[(other, domain)]
            value = lambda r: r['coverageAt']['25'] if metric == 'coverage@25' else r[metric]
            x, y = value(a), value(b)
            if metric.startswith('queries'):
                if x == y: tied += 1
                elif x is None: behind += 1
                elif y is None or x < y: ahead += 1
                else: behind += 1
            elif abs(x - y) <= 0.001: tied += 1
            elif x > y: ahead += 1
            else: behind += 1
    p = sign_p(ahead, behind)
    verdict = 'not decided' if p >= 0.05 else 'ahead' if ahead > behind else 'behind'
    print(f'{subj} against {other}, {metric}: {ahead} / {tied} / {behind}, p = {p:.3f}, {verdict}')
