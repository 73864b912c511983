#!/usr/bin/env bash
# Checks the guides, then builds the DocC documentation of the libraries with
# swift-docc-plugin (`swift package generate-documentation`).
#
#   Scripts/docs.sh             # check the guides, then build every catalog
#   Scripts/docs.sh --guides    # only check the guides (no build, a second)
#   Scripts/docs.sh --catalogs  # only build the catalogs
#
# The guide checks: every guide is listed in Guides/README.md; every relative
# link in a guide leads to a file of the repository (outside code blocks);
# no guide, README, source file or test names a file that is not in the
# repository (the tutorials' files the project started from).
#
# The build fails on any DocC warning (a broken symbol link, an unknown
# article), and prints where each archive is.
set -euo pipefail
cd "$(dirname "$0")/.."

mode=${1:-all}
case $mode in all | --guides | --catalogs) ;; *) echo "usage: Scripts/docs.sh [--guides | --catalogs]" >&2; exit 2 ;; esac

say() { printf '== %s\n' "$*"; }
failed=0
fail() {
  printf 'docs: error: %s\n' "$*" >&2
  failed=1
}

check_guides() {
  say "checking the guides"
  for guide in Guides/*.md; do
    name=$(basename "$guide")
    [[ $name == README.md ]] && continue
    grep -q "($name)" Guides/README.md || fail "$guide is not listed in Guides/README.md"
  done

  # Relative links `](path)` outside fenced code blocks, one per line: FILE<TAB>TARGET.
  links() {
    awk '
      /^[ \t]*(```|~~~)/ { fenced = !fenced; next }
      fenced { next }
      {
        line = $0
        while (match(line, /\]\([^)[:space:]]+\)/)) {
          print FILENAME "\t" substr(line, RSTART + 2, RLENGTH - 3)
          line = substr(line, RSTART + RLENGTH)
        }
      }' "$@"
  }
  while IFS=$'\t' read -r file target; do
    case $target in http://* | https://* | mailto:* | \#*) continue ;; esac
    path=${target%%#*}
    [[ -e "$(dirname "$file")/$path" ]] && continue
    if [[ $file == Guides/README.md && $path == *.md && $path != */* ]]; then
      say "note: $path is listed in Guides/README.md but is not in the repository yet"
    else
      fail "$file links to $target, which does not exist"
    fi
  done < <(links Guides/*.md README.md)

  # A tutorial's file name (NNN_<16 hex digits>.txt) or the seeds folder.
  if grep -rnE '[0-9]{3}_[0-9a-f]{16}\.txt|seeds/' Guides Sources Tests README.md; then
    fail "the lines above cite files that are not in the repository: describe them instead"
  fi

  ((failed == 0)) || exit 1
  say "guides OK"
}

[[ $mode == --catalogs ]] || check_guides
[[ $mode == --guides ]] && exit 0

# The libraries with a catalog (Sources/<Target>/<Target>.docc).
targets=()
for catalog in Sources/*/*.docc; do targets+=("$(basename "$(dirname "$catalog")")"); done
arguments=()
for target in "${targets[@]}"; do arguments+=(--target "$target"); done

say "building the documentation of ${targets[*]}"
log=.build/docs.log
mkdir -p .build
# --warnings-as-errors: a broken symbol link or an undocumented parameter fails.
# SCROLLWORK_DOCS=1 adds swift-docc-plugin to the package (nobody else resolves it).
if ! SCROLLWORK_DOCS=1 swift package --disable-sandbox generate-documentation "${arguments[@]}" --warnings-as-errors \
  >"$log" 2>&1; then
  grep -E -A3 '^(warning|error):' "$log" >&2 || tail -30 "$log" >&2
  echo "docs: error: the documentation did not build (full log: $log)" >&2
  exit 1
fi
for target in "${targets[@]}"; do
  archive=.build/plugins/Swift-DocC/outputs/$target.doccarchive
  [[ -d $archive ]] || { echo "docs: error: no archive for $target at $archive" >&2; exit 1; }
  say "$target: $(pwd)/$archive"
done
say "preview one with: SCROLLWORK_DOCS=1 swift package --disable-sandbox preview-documentation --target LayoutCore"
