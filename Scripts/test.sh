#!/usr/bin/env bash
# The tests: the libraries' (the package at the root) and the tool's
# (Tool/, which depends on the root by path). Extra arguments go to both
# `swift test` runs (`Scripts/test.sh --filter Flow`); a filter that names
# no test of one package runs nothing there.
set -euo pipefail
cd "$(dirname "$0")/.."
echo "== the libraries' tests (swift test)"
swift test "$@"
echo "== the tool's tests (swift test --package-path Tool)"
swift test --package-path Tool "$@"
