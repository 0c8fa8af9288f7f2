# The verdict grid of a `bench combine --json` result: one row per strategy a3c-wge was paired against,
# one column per metric, each cell "ahead / tied / behind, sign-test p" (bold where decided ahead,
# marked where decided behind). usage: python3 verdicts.py combined.json
import json, sys
METRICS = [('coverageAt25', 'cov@25'), ('coverageAt50', 'cov@50'), ('coverageAt100', 'cov@100'), ('coverageAt200', 'cov@200'),
           ('coverageMeanTo25', 'mean cov q1–25'), ('queriesTo90', 'queries→90%'), ('queriesTo99', 'queries→99%'), ('harvestRate', 'harvest rate')]
def p(x): return '<0.001' if x < 0.001 else f'{x:.3f}'
d = json.load(open(sys.argv[1]))
paired = d['paired']
print(f"| {paired['subject']} against | " + ' | '.join(m for _, m in METRICS) + ' |')
print('| --- |' + ' --- |' * len(METRICS))
for other, metrics in paired['against'].items():
    cells = []
    for key, _ in METRICS:
        m = metrics[key]
        cell = f"{m['ahead']}/{m['tied']}/{m['behind']}, p={p(m['signTestP'])}"
        cells.append(f'**{cell}**' if m['verdict'] == 'ahead' else (f'{cell} (behind)' if m['verdict'] == 'behind' else cell))
    print(f'| {other} | ' + ' | '.join(cells) + ' |')
