#!/usr/bin/env bash
# The deployed topology against one process, interleaved (docs/benchmarks.md, "Through the load balancer"):
# each round runs, one after the other, one process direct (the embedded store), two processes on Redis
# with the clients spread over them directly, and the same two behind HAProxy (scripts/cluster.mjs, Redis
# with AOF). Every latency is kept for pooling; bounded: each run stops by itself.
#   ARENA_SNAPSHOT=/tmp/arena-bench-snap GAMES=1000 ROUNDS=3 SAMPLES=/tmp/lb.jsonl \
#     OUT=$(node bench/results.mjs folder balancer)/balancer.jsonl bench/server/balancer.sh
#   node bench/server/src/pool.mjs /tmp/lb.jsonl --base direct
set -euo pipefail
cd "$(dirname "$0")/../.."
GAMES=${GAMES:-1000}
ROUNDS=${ROUNDS:-3}
DUR=${DUR:-30}
PACE=${PACE:-1000}
SAMPLES=${SAMPLES:-/tmp/arena-balancer-samples.jsonl}
OUT=${OUT:-/tmp/arena-balancer.jsonl}
# The direct runs' ports (the balanced one picks free ports): away from load.mjs's defaults, which other
# runs on a shared machine may be using.
PORT=${PORT:-4730}
run() { timeout $((DUR + 300)) node bench/server/src/load.mjs --target arena --games "$GAMES" --pace "$PACE" \
  --duration "$DUR" --out "$OUT" --samples "$SAMPLES" "$@" 2>/dev/null | tail -1; }
for r in $(seq 1 "$ROUNDS"); do
  echo "== round $r ($(uptime | sed 's/.*load/load/'))"
  run --label direct --port "$PORT"
  run --label "x2 direct" --servers 2 --port "$((PORT + 10))" --redis-port "$((PORT + 2000))"
  run --label "x2 haproxy" --balancer
done
# A result kept under bench/results/ names this command in its folder's manifest.
node bench/results.mjs record "$OUT" "GAMES=$GAMES ROUNDS=$ROUNDS DUR=$DUR PACE=$PACE bench/server/balancer.sh"
