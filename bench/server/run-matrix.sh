#!/usr/bin/env bash
# Runs the load matrix sequentially (each run self-stopping); appends JSON lines to $OUT (by default in a
# bench/results/<date>-load-matrix/ folder, recorded in its manifest by bench/results.mjs).
#   PACE: mean think time per move in ms (default 1000); GAMES: the game counts; DUR: seconds per run.
set -u
cd "$(dirname "$0")/../.."
OUT=${OUT:-$(node bench/results.mjs folder load-matrix)/load-pace${PACE:-1000}.jsonl}
DUR=${DUR:-30}
mkdir -p "$(dirname "$OUT")"
port=4400
run() { port=$((port+10)); echo "== $* (uptime: $(uptime | sed 's/.*load/load/'))"; timeout $((DUR+300)) node bench/server/src/load.mjs --duration "$DUR" --port $port --out "$OUT" "$@" | tail -1; }
PACE=${PACE:-1000}
for G in ${GAMES:-100 500 1000}; do
  run --target arena --games "$G" --pace "$PACE"
  run --target echo --games "$G" --pace "$PACE"
  run --target bgio --games "$G" --pace "$PACE"
  run --target arena --servers 2 --games "$G" --pace "$PACE" --redis-port $((6390))
done
node bench/results.mjs record "$OUT" "GAMES=\"${GAMES:-100 500 1000}\" DUR=$DUR PACE=${PACE:-1000} bench/server/run-matrix.sh"
