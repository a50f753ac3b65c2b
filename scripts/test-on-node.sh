#!/usr/bin/env bash
# The server and contracts suites on another Node.js major (issue 12: the portal runs on 22 and
# 24 LTS; CI runs everything on 24 and this on 22). The binary comes from the npm registry
# (scripts/registry-node.sh). Nothing is rebuilt: better-sqlite3 13, the one native addon, is
# Node-API, so one binary loads in every Node version (12.x, compiled against Node 24's
# ObjectWrap, aborted at exit in RemoveEnvironmentCleanupHook: docs/decisions/024).
# Usage: scripts/test-on-node.sh MAJOR [vitest arguments]   (default: --project server --project contracts)
set -euo pipefail
cd "$(dirname "$0")/.."
major=${1:?usage: test-on-node.sh MAJOR [vitest arguments]}
shift
bin=$(scripts/registry-node.sh "$major")
if [ "$#" -eq 0 ]; then set -- --project server --project contracts; fi
PATH="$bin:$PATH" "$bin/node" node_modules/vitest/vitest.mjs run "$@"
