#!/usr/bin/env bash
# Type-checks the iOS products (ScrollworkUIKit, ScrollworkSwiftUI) and the
# example app's sources against the real iPhoneOS 17.4 SDK, for
# arm64-apple-ios17.0 in Swift 6 mode with warnings as errors, using the
# shared tool in ../shared/tools/ios-typecheck (its README says how to set
# the SDK up: fetch the SDK repository, run setup.sh). Nothing is linked or
# run: behaviour is tested on Linux through the layout host.
#
# When the SDK is not set up (CI cannot fetch it), says plainly that the
# check was skipped and exits 0.
set -uo pipefail
cd "$(dirname "$0")/.."
NAME=check-ios
source Scripts/common.sh

T=../shared/tools/ios-typecheck/typecheck.sh
if [[ ! -x $T ]]; then
  say "skipped: the iOS type-check tool is not there ($T)"
  exit 0
fi

# In dependency order. The iOS products do not link the script language:
# ScrollPhysics and Album depend on LayoutCore only (GestureScripting sits on
# top of them, for the tool and the tests).
# LayoutCatalog's presets name the album's, so it comes after Album.
deps=(-m LayoutCore=Sources/LayoutCore -m LayoutHost=Sources/LayoutHost -m ScrollPhysics=Sources/ScrollPhysics
  -m Album=Sources/Album -m LayoutCatalog=Sources/LayoutCatalog
  -m HostRecording=Sources/HostRecording -m CollectionChanges=Sources/CollectionChanges)
run() {
  "$T" "$@"
  local status=$?
  if [[ $status -eq 2 ]]; then
    say "skipped: the iOS SDK is not set up (see ../shared/tools/ios-typecheck/README.md); nothing was checked"
    exit 0
  fi
  [[ $status -eq 0 ]] || fail "the iOS type check failed (above)"
}

say "LayoutCore and LayoutHost for iOS"
run -n LayoutCore -W Sources/LayoutCore
run -m LayoutCore=Sources/LayoutCore -n LayoutHost -W Sources/LayoutHost
say "ScrollworkUIKit"
run "${deps[@]}" -n ScrollworkUIKit -W Sources/ScrollworkUIKit
say "ScrollworkSwiftUI"
run "${deps[@]}" -m ScrollworkUIKit=Sources/ScrollworkUIKit -n ScrollworkSwiftUI -W Sources/ScrollworkSwiftUI
if [[ -d Examples/Gallery ]]; then
  say "the example app"
  run "${deps[@]}" -m ScrollworkUIKit=Sources/ScrollworkUIKit -m ScrollworkSwiftUI=Sources/ScrollworkSwiftUI \
    -n Gallery -W Examples/Gallery
fi
say "OK: every iOS file type-checks against the iOS 17.4 SDK with warnings as errors"
