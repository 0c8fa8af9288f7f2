#!/bin/bash
# One traced crawl of the shipped a3c-wge, frozen and deterministic, with the harness's arguments
# (those of ../deterministic/ and ../held-out-sites/) and --trace-choices. Run from the repository root:
#   bench-results/choice-signal/crawl.sh SEED DOMAIN OUT_DIR
# This stop ran it for seeds 1, 2, 3 (news sports recreation home society) and 11, 12 (arts business
# computers games health reference regional science shopping kids-and-teens), two at a time.
set -eu
s=$1; d=$2; out=$3
node bin/surfacer.js crawl --domain "$d" --strategy a3c --max-queries 200 --max-pages 2000 --agents 4 --time-limit 0 \
  --scale small --trouble default --testbed-port 0 --seed "$s" --allow-post --json --out "$out" --deterministic \
  --model bench-results/checkpoint-selection/shipped-before --frozen --trace-choices
