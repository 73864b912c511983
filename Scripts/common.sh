# Helpers shared by the check scripts (sourced, not run): messages, and
# installing Debian packages when a tool is missing. The sourcing script
# sets NAME (used in failure messages) first.
say() { printf '== %s\n' "$*"; }
fail() { printf '%s: FAIL: %s\n' "${NAME:-check}" "$*" >&2; exit 1; }
as_root() { if [[ $(id -u) -eq 0 ]]; then "$@"; else sudo "$@"; fi; }
install() {
  say "installing $*"
  as_root apt-get update -qq
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}
