import ArgumentParser

struct Scrollwork: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "scrollwork",
    abstract: "Scroll-driven collection layouts: inspect, simulate and render them.",
    subcommands: [
      Demo.self, Render.self, Inspect.self, Simulate.self, Replay.self, Bench.self, View.self, Index.self,
      GeneratePhotos.self, Layouts.self,
    ])
}

struct Inspect: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Print a layout's elements at a content offset as JSON.",
    discussion: """
      Prints {"layout", "viewport", "offset", "contentSize", "contentInset", "elements"}; \
      each element has kind, section, item, center, size, transform [a,b,c,d,tx,ty], alpha, \
      zIndex and, when set, content [x,y,w,h] (the photo's rect in the element's coordinates). \
      Elements are those whose untransformed frame meets the visible rect (origin = offset, \
      size = viewport), or all with --all, sorted by kind, section, item.

      Example: scrollwork inspect flow --viewport 390x844 --items 100 --item-size 120x120 --offset 0,400
      """,
    subcommands: LayoutRegistry.inspectCommands)
}

struct Replay: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Replay a collection view's calls on a layout host; print one JSON line per call.",
    discussion: """
      Reads JSON Lines from --calls FILE (- for standard input), one call per line in the order \
      UIKit makes them ({"call":"prepare","bounds":[0,0,390,844],"sections":[1000]}, "elements", \
      "item", "supplementary", "shouldInvalidateForBoundsChange", "invalidationContextForBoundsChange", \
      "shouldInvalidateForPreferredSize", "invalidationContextForPreferredSize", "invalidate", \
      "prepareForUpdates", "initialForAppearingItem", "finalForDisappearingItem", \
      "initialForAppearingSupplementary", "finalForDisappearingSupplementary", "finalizeUpdates", \
      "targetContentOffset", "targetContentOffsetForProposed", "transition", "finishTransition", \
      "contentSize"), and prints one JSON line per call with the answer. A bad line gets an \
      error line naming the line and the field, and the replay goes on with the state unchanged; \
      the exit status is 1 when any line failed. The format: Guides/LayoutHost.md.

      Example: scrollwork replay flow --item-size 120x120 --calls calls.jsonl
      """,
    subcommands: LayoutRegistry.replayCommands)
}

struct Simulate: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Run a gesture script on a layout at 120 Hz; print one JSON line per frame.",
    discussion: """
      Each line: {"time", "offset":[x,y], "velocity":[x,y] (points/s), "phase", "events":[…]}.
      The script comes from --script TEXT or --script-file PATH.

      Script: steps separated by ';' or new lines ('#' starts a comment):
        drag DX[,DY] SECONDS   the finger moves by DX,DY points over SECONDS
        hold SECONDS           the finger stays down
        release                the finger lifts (flings when it was moving)
        wait SECONDS           time passes
        tap                    touch and lift at once (stops a fling)
        scroll X,Y             animated setContentOffset
        jump X,Y               setContentOffset without animation
      Layout verbs (only 'simulate photos' and the photos scene take them):
        mode NAME SECONDS      animate to mode all, months or columns:N over SECONDS
        pinch SCALE SECONDS [at X,Y]
                               pinch from scale 1 to SCALE (> 0) over SECONDS at screen
                               point X,Y (the centre by default), then lift
        insert N at I          N new photos (1…1000000) at global index I, animated
        delete I..J            photos I through J (global indices) removed, animated
      A step may start with a target name where a layout has several surfaces
      (album: 'pager drag -300 0.25', 'strip drag 80 0.3').
      A finger moving left (negative DX) scrolls towards higher offsets.

      Example: scrollwork simulate flow --viewport 390x844 --items 1000 --item-size 120x120 \\
               --script "drag 0,-300 0.25; release; wait 2"
      """,
    subcommands: LayoutRegistry.simulateCommands)
}
