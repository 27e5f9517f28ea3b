#!/usr/bin/env bash
# Freezes a built copy of the server (+ every packages/* library: engine, match, protocol) under $SNAP (default /tmp/arena-bench-snap)
# so a long bench run is not broken by a concurrent rebuild (turbo's build does rm -rf dist).
# Other dependencies are symlinked from the root node_modules. Use: ARENA_SNAPSHOT=$SNAP node bench/server/src/load.mjs …
set -euo pipefail
cd "$(dirname "$0")/../.."
SNAP=${SNAP:-/tmp/arena-bench-snap}
for d in apps/server/dist packages/*/dist; do
  [ -f "$d/index.js" ] || [ -f "$d/main.js" ] || { echo "missing $d: build first (npx turbo run build --filter=@arena/server...)"; exit 1; }
done
rm -rf "$SNAP.tmp"; mkdir -p "$SNAP.tmp/node_modules/@arena" "$SNAP.tmp/server"
for e in node_modules/* node_modules/.bin; do
  [ "$(basename "$e")" = "@arena" ] || ln -s "$PWD/$e" "$SNAP.tmp/node_modules/$(basename "$e")"
done
for p in $(ls packages); do
  mkdir -p "$SNAP.tmp/node_modules/@arena/$p"
  cp packages/$p/package.json "$SNAP.tmp/node_modules/@arena/$p/"
  cp -r packages/$p/dist "$SNAP.tmp/node_modules/@arena/$p/dist"
done
cp apps/server/package.json "$SNAP.tmp/server/"; cp -r apps/server/dist "$SNAP.tmp/server/dist"
rm -rf "$SNAP"; mv "$SNAP.tmp" "$SNAP"
echo "snapshot at $SNAP ($(date -u +%FT%TZ))"
