import ArgumentParser
import Album
import GestureScripting
import LayoutCore
import Simulation
import ScrollPhysics
import ToolOutput

struct InspectAlbum: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "album",
    abstract: "One of the album's two surfaces at an offset: the big-photo pager or the thumbnail filmstrip.",
    discussion: """
      Photos are --item-sizes (pixel sizes).

      --surface pager (default): each photo is aspect-fitted into the viewport. Adds "page" and \
      "fraction" (the current page, clamped into the album, and x/W − page).

      --surface strip: --follow I,F: the strip mirrors pager page I (0…count − 1) at fraction F \
      (0…1; I + F past the last photo is refused, not clamped); the offset is the one the coordinator sets unless --offset \
      is given. --accordion I,P: thumbnail I unfolded by P (0…1); the offset centres it unless --offset \
      is given. Adds "unfolded" [[index, amount], …] and "centredThumbnail".

      Examples:
        scrollwork inspect album --viewport 390x600 --item-sizes 4000x3000,3000x4000 --offset 195,0
        scrollwork inspect album --surface strip --viewport 390x44 --item-sizes 400x300,300x400 --follow 0,0.5
      """)

  @OptionGroup var input: LayoutInputOptions
  @OptionGroup var album: AlbumOptions

  @Option(parsing: .unconditional, help: "Which surface.")
  var surface = AlbumSurface.pager

  @Option(parsing: .unconditional, help: "Strip: follow pager page I at fraction F: I,F.")
  var follow: IndexAmountArgument?

  @Option(parsing: .unconditional, help: "Strip: lead with thumbnail I unfolded by progress P (0…1): I,P.")
  var accordion: IndexAmountArgument?

  @Option(
    parsing: .unconditional,
    help: "The content offset X,Y (pager default 0,0; strip default: the one the coordinator would set).")
  var offset: PointArgument?

  @Flag(help: "Print every element, not only those in the visible rect.")
  var all = false

  func validate() throws {
    try Check.offset(offset?.value, "--offset")
    try Check.finite(follow?.amount, "--follow's fraction")
    try Check.inRange(accordion?.amount, 0...1, "--accordion's progress")
    if surface == .pager, follow != nil || accordion != nil {
      throw ValidationError("--follow and --accordion go with --surface strip")
    }
  }

  func run() throws {
    let (items, viewport) = (try input.layoutItems(), input.viewportValue)
    let (configuration, preset) = (album.configuration(), album.preset.rawValue)
    switch surface {
    case .pager:
      print(
        try Inspector.albumPager(
          configuration, preset: preset, items: items, viewport: viewport, offset: offset?.value, all: all))
    case .strip:
      print(
        try Inspector.albumStrip(
          configuration, preset: preset, items: items, viewport: viewport,
          follow: follow.map { ($0.index, $0.amount) }, accordion: accordion.map { ($0.index, $0.amount) },
          offset: offset?.value, all: all))
    }
  }
}

struct SimulateAlbum: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "album",
    abstract: "Run gestures on the album (pager and filmstrip kept in sync).",
    discussion: """
      --viewport is the whole album; the strip takes the bottom --strip-height points, the pager the \
      rest. Script steps take a target: 'pager drag -200 0.3', 'strip drag 60 0.4' (no target: pager).
      Each line: {"time", "leader", "pagerOffset", "stripOffset", "photo", "fraction", "position", \
      "thumbnail" (under the strip's centre line), "animated", "progress", "accordion", "events"}; \
      photo/thumbnail/animated are null for an empty album or when nothing is unfolded.

      Example: scrollwork simulate album --viewport 390x844 --strip-height 44 \\
               --item-sizes 4000x3000,3000x4000,4000x4000 --script "strip drag -50 0.3; strip release; wait 1"
      """)

  @OptionGroup var input: LayoutInputOptions
  @OptionGroup var album: AlbumOptions

  @Option(parsing: .unconditional, help: "The filmstrip's height in points, > 0 and below the viewport's height.")
  var stripHeight: Double = 44

  @Option(parsing: .unconditional, help: "The photo shown first: 0…count − 1.")
  var photo: Int = 0

  @OptionGroup var script: ScriptOptions

  @Option(parsing: .unconditional, help: "Frames per second: 1…1000.")
  var fps: Double = 120

  @Flag(help: "Print both strips' visible elements in every frame.")
  var elements = false

  func validate() throws {
    try Check.inRange(fps, 1...1000, "--fps")
    // The strip takes --strip-height (≥ 1 pt) and the pager the rest (≥ 1 pt).
    let height = input.viewport.value.height
    guard height >= 2 else {
      throw ValidationError(
        "--viewport's height takes at least 2 points for the album (got \(height)): the filmstrip takes "
          + "--strip-height (≥ 1) and the pager the rest (≥ 1)")
    }
    try Check.inRange(stripHeight, 1...(height - 1), "--strip-height")
    let count = (try? input.layoutItems().totalCount) ?? 0
    try Check.count(photo, 0...max(0, count - 1), "--photo")
  }

  func run() throws {
    let gestures = try GestureScript(script.requiredText(), verbs: LayoutRegistry.scriptVerbs)
    var coordinator = try AlbumCoordinator(
      photos: input.layoutItems(), viewport: input.viewport.value,
      configuration: album.configuration(stripHeight: stripHeight), photo: photo)
    try Simulator.run(&coordinator, gestures: gestures, fps: fps, elements: elements)
  }

}
