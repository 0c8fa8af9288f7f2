# Whether two crawls of a site are the same crawl: the same queries in the same order with the same
# records after each, and the same page totals (the testbed port in the query keys left out).
# usage: python3 same.py NEW_PATTERN OLD_PATTERN seeds domains   (patterns with {s} and {d}; OLD may be comma-separated fallbacks)
import json, os, re, sys
def load(pat, s, d):
    for p in pat.split(','):
        p = p.replace('{s}', str(s)).replace('{d}', d)
        if os.path.exists(p): return json.load(open(p))
    raise FileNotFoundError(pat)
def curve(r): return [(re.sub(r'^https?://[^/]+', '', q['key']), q['records']) for q in r['coverageByQuery']]
new, old = sys.argv[1], sys.argv[2]
seeds = [int(x) for x in sys.argv[3].split(',')]
domains = sys.argv[4].split(',')
for s in seeds:
    for d in domains:
        a, b = load(new, s, d), load(old, s, d)
        same = curve(a) == curve(b) and a['totals']['pagesFetched'] == b['totals']['pagesFetched']
        print(f'seed {s} {d}: {"same" if same else "differs"} ({len(a["coverageByQuery"])} / {len(b["coverageByQuery"])} queries, {a["totals"]["pagesFetched"]} / {b["totals"]["pagesFetched"]} pages)')
