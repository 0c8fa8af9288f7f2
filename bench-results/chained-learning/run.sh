#!/bin/bash
cd /tmp/wt-rep
C=/tmp/chain
ARGS="--strategy a3c --max-queries 200 --max-pages 2000 --agents 4 --time-limit 0 --scale small --trouble default --testbed-port 0 --allow-post --json --deterministic"
chain() { # arm, extra flags
  local arm=$1; shift; local model=/work/main/models/a3c-default
  for S in 21 22; do for D in news sports recreation home society; do
    local out=$C/$arm/chain-$S-$D
    node bin/surfacer.js crawl --domain $D --seed $S $ARGS --out $out --model $model --acting greedy "$@" > $out.json 2> $out.err
    echo "$arm $S $D rc $? $(date +%T)" >> $C/progress; model=$out/model
  done; done
}
chain greedy-links &
chain draw-links --link-acting draw &
wait
evaluate() { # arm, model, seeds
  local arm=$1 model=$2; shift 2
  for S in "$@"; do for D in news sports recreation home society; do
    local out=$C/eval-$arm/seed$S/a3c-wge-$D; mkdir -p $(dirname $out)
    node bin/surfacer.js crawl --domain $D --seed $S $ARGS --out $out --model $model --frozen > $out.json 2> $out.err
    echo "eval $arm $S $D rc $? $(date +%T)" >> $C/progress
  done; done
}
evaluate greedy-links $C/greedy-links/chain-22-society/model 23 24 &
evaluate draw-links $C/draw-links/chain-22-society/model 23 24 &
wait
evaluate shipped /work/main/models/a3c-default 23 &
evaluate shipped /work/main/models/a3c-default 24 &
wait
echo done >> $C/progress
