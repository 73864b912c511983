#!/usr/bin/env bash
# Formats the package's Swift sources with the toolchain's swift-format, or
# with --check, fails (listing the files) when any file is not formatted.
set -euo pipefail
cd "$(dirname "$0")/.."
formatter=(swift format)
if command -v swift-format >/dev/null 2>&1; then formatter=(swift-format); fi
mapfile -t files < <(git ls-files -co --exclude-standard -- 'Package.swift' 'Sources/*.swift' 'Tests/*.swift' 'Tool/Package.swift' 'Tool/Sources/*.swift' 'Tool/Tests/*.swift')
if [[ "${1:-}" == "--check" ]]; then
  bad=0
  for f in "${files[@]}"; do
    [[ -f "$f" ]] || continue
    if ! diff -q <("${formatter[@]}" format --configuration .swift-format "$f") "$f" >/dev/null; then
      echo "not formatted: $f"
      bad=1
    fi
  done
  if ((bad)); then echo "run Scripts/format.sh to format"; exit 1; fi
  echo "format: ${#files[@]} files checked"
else
  "${formatter[@]}" format --configuration .swift-format --in-place "${files[@]}"
fi
