#!/usr/bin/env bash
# Interleaved rounds of Arena and the echo floor (and optionally a second Arena build), each round the
# variants one after the other, every latency kept for pooling (src/pool.mjs). Bounded: each run stops.
#   ARENA_SNAPSHOT=/tmp/arena-bench-snap GAMES="500 1000 2000" ROUNDS=5 SAMPLES=/tmp/samples.jsonl \
#     OUT=$(node bench/results.mjs folder interleaved)/interleaved.jsonl [BASE_SNAPSHOT=/tmp/other-build] bench/server/interleave.sh
#   node bench/server/src/pool.mjs /tmp/samples.jsonl
set -euo pipefail
cd "$(dirname "$0")/../.."
GAMES=${GAMES:-1000}
ROUNDS=${ROUNDS:-5}
DUR=${DUR:-30}
PACE=${PACE:-1000}
SAMPLES=${SAMPLES:-/tmp/arena-samples.jsonl}
OUT=${OUT:-/tmp/arena-interleaved.jsonl}
run() { timeout $((DUR + 300)) node bench/server/src/load.mjs --games "$1" --pace "$PACE" --duration "$DUR" \
  --out "$OUT" --samples "$SAMPLES" "${@:2}" | tail -1; }
for g in $GAMES; do
  for r in $(seq 1 "$ROUNDS"); do
    run "$g" --target arena --label arena
    if [ -n "${BASE_SNAPSHOT:-}" ]; then ARENA_SNAPSHOT=$BASE_SNAPSHOT run "$g" --target arena --label arena-base; fi
    run "$g" --target echo --label echo
  done
done
# A result kept under bench/results/ names this command in its folder's manifest.
node bench/results.mjs record "$OUT" "GAMES=\"$GAMES\" ROUNDS=$ROUNDS DUR=$DUR PACE=$PACE BASE_SNAPSHOT=${BASE_SNAPSHOT:-} bench/server/interleave.sh"
