# Whether each crawl of the hunt's bench (HUNT: its --keep-runs folders, by seed) asked the same queries and fetched the
# same pages as the crawl kept from before the hunt. Run from the repository root: python3 bench-results/proven-unseen/same.py HUNT
import json,sys,re,os
HUNT=sys.argv[1]
pairs=[]
for s in range(1,21):
  for d in ['news','sports','recreation','home','society']:
    h=f'{HUNT}/seed{s}/runs/a3c-wge-{d}/report.json'
    if not os.path.exists(h): continue
    old=[p for p in [f'bench-results/new-records-prior/seed{s}/a3c-wge-{d}/report.json', f'bench-results/new-records-prior/seeds6-10/seed{s}/a3c-wge-{d}/report.json', f'bench-results/replication-seeds11-20/seed{s}/a3c-wge-{d}/report.json'] if os.path.exists(p)][0]
    q=lambda f:[re.sub(r'http://[^/]+','',c['key']) for c in json.load(open(f))['coverageByQuery']]
    a,b=q(h),q(old)
    t=lambda f: json.load(open(f))['totals']
    same = a==b and t(h)['pagesFetched']==t(old)['pagesFetched']
    print(s,d,'same' if same else f'DIFFERS: {len(b)} -> {len(a)} queries, pages {t(old)["pagesFetched"]} -> {t(h)["pagesFetched"]}, records {t(old)["recordsHarvested"]} -> {t(h)["recordsHarvested"]}')
