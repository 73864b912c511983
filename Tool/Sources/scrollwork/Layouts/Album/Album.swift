import Album
import ArgumentParser
import Benchmarks
import LayoutCatalog
import LayoutCore
import Scenes
import ToolOutput

// The Photos-style album in the tool: pager + filmstrip + coordinator.
// `inspect album --surface pager|strip`, `simulate album`, the demo's main
// scene and the album's benchmark scenarios.

extension AlbumPreset: @retroactive ExpressibleByArgument, LayoutPreset {}

extension FollowerOffsetRule: @retroactive ExpressibleByArgument {}

enum AlbumEntry: LayoutEntry {
  static let name = "album"
  /// `standard`: the seed's constants with a follower that never jumps at
  /// a page turn; `photosLab` reproduces the seed's follower as well.
  static let demoPresets = [AlbumPreset.standard]
  static var inspectCommand: any ParsableCommand.Type { InspectAlbum.self }
  static var simulateCommand: any ParsableCommand.Type { SimulateAlbum.self }
  static var benchScenarios: [BenchScenario] {
    [.albumFrame, .albumPager, .filmstripLeading, .filmstripFollowing]
  }

  static func scene(_ preset: AlbumPreset) -> SceneEntry {
    .album(preset.configuration(stripHeight: 44, debug: false), name: sceneName(preset), preset: preset.rawValue)
  }
}

/// Which of the album's two scroll views `inspect album` shows.
enum AlbumSurface: String, CaseIterable, ExpressibleByArgument {
  /// The big-photo pager (parallax).
  case pager
  /// The thumbnail filmstrip (following or accordion).
  case strip
}

/// The album's own options: a preset and overrides of its constants.
struct AlbumOptions: ParsableArguments {
  @Option(parsing: .unconditional, help: "The constants to start from.")
  var preset = AlbumEntry.defaultPreset

  @Option(parsing: .unconditional, help: "Pager: how much narrower a photo gets as it leaves its page.")
  var spacing: Double?

  @Option(parsing: .unconditional, help: "Pager: the narrowest a photo cell gets.")
  var minimumWidth: Double?

  @Option(parsing: .unconditional, help: "Strip: the width of a folded thumbnail.")
  var normalWidth: Double?

  @Option(parsing: .unconditional, help: "Strip: the widest an unfolded thumbnail gets.")
  var maximumWidth: Double?

  @Option(parsing: .unconditional, help: "Strip: the gap between folded thumbnails.")
  var normalSpacing: Double?

  @Option(parsing: .unconditional, help: "Strip: the gap on each side of an unfolded thumbnail.")
  var fullSpacing: Double?

  @Option(
    parsing: .unconditional, help: "Strip: where the following strip puts its centre line (default: the preset's).")
  var followerOffset: FollowerOffsetRule?

  @Flag(help: "Ask the renderer for the centre line and index labels (reported in the output).")
  var debug = false

  func validate() throws {
    try Check.nonNegative(spacing, "--spacing")
    try Check.nonNegative(minimumWidth, "--minimum-width")
    try Check.positive(normalWidth, "--normal-width")
    try Check.positive(maximumWidth, "--maximum-width")
    try Check.nonNegative(normalSpacing, "--normal-spacing")
    try Check.nonNegative(fullSpacing, "--full-spacing")
    let strip = configuration().strip
    if strip.maximumWidth < strip.normalWidth {
      let (wide, narrow) = (JSONWriter.number(strip.maximumWidth), JSONWriter.number(strip.normalWidth))
      throw ValidationError(
        maximumWidth != nil
          ? "--maximum-width takes a width of at least --normal-width (\(narrow) points), up to "
            + "\(JSONWriter.number(Check.maximumLength)) (got \(wide))"
          : "--normal-width takes a width up to --maximum-width (\(wide) points) (got \(narrow))")
    }
  }

  func configuration(stripHeight: Double = 44) -> AlbumConfiguration {
    var c = preset.configuration(stripHeight: stripHeight, debug: debug)
    if let spacing { c.pager.spacing = spacing }
    if let minimumWidth { c.pager.minimumWidth = minimumWidth }
    if let normalWidth { c.strip.normalWidth = normalWidth }
    if let maximumWidth { c.strip.maximumWidth = maximumWidth }
    if let normalSpacing { c.strip.normalSpacing = normalSpacing }
    if let fullSpacing { c.strip.fullSpacing = fullSpacing }
    if let followerOffset { c.followerOffset = followerOffset }
    return c
  }
}
