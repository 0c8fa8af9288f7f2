"""Training curve of each arm, crawl by crawl: python3 curve.py [training-dir]

Reads each arm's `train-<arm>.log` (the link policy's learning line after each crawl) and
`runs/NNN-domain/report.json`. Harvest rate: records harvested / pages fetched.
"""
import json, re, sys
from pathlib import Path

root = Path(sys.argv[1] if len(sys.argv) > 1 else Path(__file__).parent / 'training')
LEARNT = re.compile(r'link policy learnt from (\d+) links \((\d+) followed, mean return (-?[\d.]+)\)')
REACHED = {'harvest rate': 0.6, 'surface pages below': 40}

arms = {}
for arm_dir in sorted(p for p in root.iterdir() if p.is_dir()):
    arm = arm_dir.name
    learnt = [LEARNT.search(l).groups() for l in (arm_dir / f'train-{arm}.log').read_text().splitlines() if LEARNT.search(l)]
    rows = []
    for i, run in enumerate(sorted((arm_dir / 'runs').iterdir())):
        t = json.loads((run / 'report.json').read_text())['totals']
        decided, followed, ret = learnt[i]
        rows.append({'crawl': run.name, 'surface': t['surfacePages'], 'pages': t['pagesFetched'], 'records': t['recordsHarvested'],
                     'harvest': t['recordsHarvested'] / t['pagesFetched'], 'decided': int(decided), 'followed': int(followed), 'meanReturn': float(ret)})
    arms[arm] = rows

names = list(arms)
print('| crawl | ' + ' | '.join(f'{a}: surface pages / pages / harvest rate / links decided, followed / mean return of the followed' for a in names) + ' |')
print('| --- | ' + ' | '.join('---' for _ in names) + ' |')
for i in range(max(len(r) for r in arms.values())):
    cells = []
    for a in names:
        r = arms[a][i]
        cells.append(f"{r['surface']} / {r['pages']} / {r['harvest']:.3f} / {r['decided']}, {r['followed']} / {r['meanReturn']}")
    print(f"| {arms[names[0]][i]['crawl']} | " + ' | '.join(cells) + ' |')
print()
for a in names:
    rows = arms[a]
    later = rows[1:]
    first = next((i + 1 for i, r in enumerate(rows) if r['harvest'] >= REACHED['harvest rate'] and r['surface'] < REACHED['surface pages below']), None)
    print(f"{a}: first crawl with harvest rate >= 0.6 and surface pages < 40: {first}; "
          f"crawls 2-10 mean harvest rate {sum(r['harvest'] for r in later) / len(later):.3f}, "
          f"mean surface pages {sum(r['surface'] for r in later) / len(later):.1f}, total surface pages {sum(r['surface'] for r in rows)}")
