#!/usr/bin/env bash
# A/B speed of the engine against another commit: builds the engine and the CLI at <commit> in a
# temporary git worktree under /tmp, then runs the same `arena` command on both builds, interleaved
# (A B, B A, …), and prints the ratio of the medians. This replaces keeping frozen copies of old code.
#
#   bench/engine/ab.sh <commit> <arena command…>
#   bench/engine/ab.sh HEAD~3 perft --game othello --depth 10
#   bench/engine/ab.sh HEAD~3 solve --file /tmp/ffo-40-42.txt
#   bench/engine/ab.sh HEAD~3 bench --only perft          # `bench` runs apps/cli/dist/bench.js
#
# Environment: ROUNDS (default 3; each round runs both builds once), AB_KEEP=1 keeps the worktree.
# Figures: user+system CPU seconds of each run (steadier than the wall clock on a shared machine) and,
# when the output has them, perft's leaves_per_s (deepest line) and the seconds column of `arena solve`.
set -euo pipefail
[ $# -ge 2 ] || { sed -n '2,12p' "$0"; exit 2; }
cd "$(dirname "$0")/../.."
REPO=$PWD
COMMIT=$(git rev-parse --verify "$1^{commit}")
shift
ROUNDS=${ROUNDS:-3}
export ARENA_SHARED=${ARENA_SHARED:-$(cd "$REPO/.." && pwd)/shared}
WT=/tmp/arena-ab-${COMMIT:0:12}
OUT=$(mktemp -d /tmp/arena-ab-out.XXXXXX)

cleanup() { [ "${AB_KEEP:-}" = 1 ] || git -C "$REPO" worktree remove --force "$WT" 2>/dev/null || true; }
trap cleanup EXIT

echo "B = this tree ($(git rev-parse --short HEAD)$(git diff --quiet HEAD -- packages apps/cli || echo ', with uncommitted changes')), A = ${COMMIT:0:12}"
npx turbo run build --filter=@arena/cli... --output-logs=errors-only >/dev/null

if [ ! -f "$WT/apps/cli/dist/main.js" ]; then
  git worktree remove --force "$WT" 2>/dev/null || rm -rf "$WT"
  git worktree add --detach "$WT" "$COMMIT" >/dev/null
  # The root's dependencies, but the workspace links (@arena/*) point into the worktree.
  mkdir -p "$WT/node_modules/@arena"
  for e in node_modules/* node_modules/.bin; do
    [ "$(basename "$e")" = "@arena" ] || ln -s "$REPO/$e" "$WT/node_modules/$(basename "$e")"
  done
  for dir in "$WT"/packages/* "$WT"/apps/cli "$WT"/tooling/*; do
    [ -f "$dir/package.json" ] || continue
    name=$(node -p "require('$dir/package.json').name")
    ln -s "$dir" "$WT/node_modules/$name"
  done
  # Dependency order: engine first, the CLI last (the lab, where it exists, before the CLI).
  for dir in packages/engine packages/protocol packages/match packages/lab apps/cli; do
    [ -f "$WT/$dir/tsconfig.build.json" ] || continue
    (cd "$WT/$dir" && rm -rf dist && "$REPO/node_modules/.bin/tsc" -p tsconfig.build.json)
  done
fi

run() { # run <label> <tree> <round>
  local entry=$2/apps/cli/dist/main.js args=("${@:4}")
  if [ "${args[0]}" = bench ]; then entry=$2/apps/cli/dist/bench.js; args=("${args[@]:1}"); fi
  /usr/bin/time -f "cpu %U %S" -o "$OUT/$1-$3.time" node "$entry" "${args[@]}" >"$OUT/$1-$3.out" 2>&1 ||
    { echo "run $1 round $3 failed:"; tail -5 "$OUT/$1-$3.out"; exit 1; }
}
for round in $(seq 1 "$ROUNDS"); do
  if [ $((round % 2)) = 1 ]; then run A "$WT" "$round" "$@"; run B "$REPO" "$round" "$@"
  else run B "$REPO" "$round" "$@"; run A "$WT" "$round" "$@"; fi
done

# figure <side> <kind>: one number per round (empty when the output has no such figure).
figure() {
  for round in $(seq 1 "$ROUNDS"); do
    case $2 in
      cpu) awk '{ print $2 + $3 }' "$OUT/$1-$round.time" ;;
      leaves) { grep -o 'leaves_per_s [0-9]*' "$OUT/$1-$round.out" || true; } | awk '{ print $2 }' | tail -1 ;;
      solve) awk 'NF == 5 && $5 ~ /^[0-9.]+$/ && $4 ~ /^[0-9]+$/ { s += $5; n++ } END { if (n) print s }' "$OUT/$1-$round.out" ;;
    esac
  done
}
median() { sort -g | awk '{ v[NR] = $1 } END { if (NR) print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }'; }

printf '%-22s %14s %14s %10s\n' figure "A ${COMMIT:0:8}" "B this tree" "B speed/A"
for kind in cpu leaves solve; do
  a=$(figure A $kind | median); b=$(figure B $kind | median)
  [ -n "$a" ] && [ -n "$b" ] || continue
  case $kind in
    cpu) label="cpu seconds (median)"; ratio=$(awk -v a="$a" -v b="$b" 'BEGIN { printf "%.3f", a / b }') ;;
    leaves) label="leaves_per_s (median)"; ratio=$(awk -v a="$a" -v b="$b" 'BEGIN { printf "%.3f", b / a }') ;;
    solve) label="solve seconds (median)"; ratio=$(awk -v a="$a" -v b="$b" 'BEGIN { printf "%.3f", a / b }') ;;
  esac
  printf '%-22s %14s %14s %10s\n' "$label" "$a" "$b" "$ratio"
done
if ! diff -q <(grep -v 'seconds\|leaves_per_s\|cpu\|wall' "$OUT/A-1.out") <(grep -v 'seconds\|leaves_per_s\|cpu\|wall' "$OUT/B-1.out") >/dev/null; then
  echo "note: the two builds' outputs differ beyond timings (see $OUT/A-1.out and $OUT/B-1.out)"
fi
echo "runs: $OUT"
