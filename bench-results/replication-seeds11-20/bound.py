# Which crawls a stated total proves a record unseen in: T less the records held that hold every word of the query.
# Ran over the full run folders (seedS/runs/a3c-wge-D/{report.json,records.jsonl,queries.jsonl}) of the bench, from D;
# records.jsonl and queries.jsonl are kept here (gzipped) only for the three sites it names.
import json,re,sys
def words(s): return set(re.findall(r"[a-z0-9]+", s.lower()))
rows=[]
for s in range(11,21):
  for d in ['news','sports','recreation','home','society']:
    base=f'seed{s}/runs/a3c-wge-{d}'
    rep=json.load(open(base+'/report.json'))
    recs=[json.loads(l) for l in open(base+'/records.jsonl')]
    W=[words(r['title']+' '+r['text']) for r in recs]
    qs=[json.loads(l) for l in open(base+'/queries.jsonl')]
    totals=[q['reportedTotal'] for q in qs if q.get('reportedTotal')]
    best=0;bq=None
    for q in qs:
      T=q.get('reportedTotal')
      if not T or q.get('failed'): continue
      terms=[t.lower() for t in q['terms']]
      held=sum(1 for w in W if all(t in w for t in terms))
      if T-held>best: best=T-held;bq=(q['values'],T,held)
    gt=rep['groundTruth']; 
    rows.append((s,d,rep['coverage'],rep['totals']['queriesIssued'],len(recs),best,bq))
for r in rows:
  if r[2]<0.9999 or r[5]>0: print(r)
