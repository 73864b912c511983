import ArgumentParser
import Benchmarks
import LayoutCatalog
import LayoutCore
import Scenes
import Simulation
import ScrollPhysics
import ToolOutput

// The carousel in the tool: presets, options, `inspect carousel`,
// `simulate carousel`, one demo scene per preset and the benchmark.

extension CarouselPreset: @retroactive ExpressibleByArgument, LayoutPreset {
  /// A preset's name, or its earlier name (`coverflow` for `coverFlow`,
  /// `stack` for `stackedCards`): older command lines still parse.
  public init?(argument: String) { self.init(name: argument) }
}

enum CarouselEntry: LayoutEntry {
  static let name = "carousel"
  static let demoPresets: [CarouselPreset] = [.spotify, .coverFlow, .stackedCards]
  static var benchScenarios: [BenchScenario] { [.carousel] }

  static func scene(_ preset: CarouselPreset) -> SceneEntry {
    .carousel(
      preset.layout, name: sceneName(preset), preset: preset.rawValue, title: preset.sceneTitle,
      summary: preset.sceneSummary,
      demoScript: preset.demoScript)
  }
}

/// `carousel`'s own options.
struct CarouselOptions: ParsableArguments {
  @Option(parsing: .unconditional, help: "Start from a preset.")
  var preset = CarouselEntry.defaultPreset

  @OptionGroup var strip: StripOptions

  @Option(
    parsing: .unconditional,
    help: "Spotify-style curve: scale 1 + tolerance − slope·d/c before clamping, 0…1 (default 0.02).")
  var tolerance: Double?

  @Option(parsing: .unconditional, help: "Spotify-style curve: the slope, 0…10 (default 0.105).")
  var slope: Double?

  @Option(parsing: .unconditional, help: "Spotify-style curve: the minimum scale, 0…1 (default 0.86).")
  var minScale: Double?

  @Option(parsing: .unconditional, help: "Spotify-style curve: the alpha at the minimum scale, 0…1 (default 0.25).")
  var minAlpha: Double?

  func validate() throws {
    try Check.inRange(tolerance, 0...1, "--tolerance")
    try Check.inRange(slope, 0...10, "--slope")
    try Check.inRange(minScale, 0...1, "--min-scale")
    try Check.inRange(minAlpha, 0...1, "--min-alpha")
    // The curve's plateau (tolerance ÷ slope) and span ((1 − min-scale) ÷
    // slope) are at most 1000 (`CenterEffect.validated()`): a slope too
    // small for them is named here, not as "effect plateau inf".
    let (t, k, m) = (tolerance ?? 0.02, slope ?? 0.105, minScale ?? 0.86)
    if k > 0, Swift.max(t, 1 - m) / k > 1000 {
      throw ValidationError(
        "--slope takes 0, or at least \(JSONWriter.number(Swift.max(t, 1 - m) / 1000)) with --tolerance "
          + "\(JSONWriter.number(t)) and --min-scale \(JSONWriter.number(m)): tolerance ÷ slope and "
          + "(1 − min-scale) ÷ slope are at most 1000 (got \(k))")
    }
    if tolerance != nil || slope != nil || minScale != nil || minAlpha != nil, preset != .spotify {
      throw ValidationError("--tolerance, --slope, --min-scale and --min-alpha shape the spotify preset's curve")
    }
  }

  func layout(itemSize: Size?) -> CarouselLayout {
    var layout = preset.layout
    layout.itemSize = itemSize
    strip.apply(to: &layout)
    if tolerance != nil || slope != nil || minScale != nil || minAlpha != nil {
      layout.effect = CenterEffect(
        tolerance: tolerance ?? 0.02, slope: slope ?? 0.105, minScale: minScale ?? 0.86, minAlpha: minAlpha ?? 0.25)
    }
    return layout
  }
}

extension CarouselOptions: ScrollingOptions {
  static let inspectHelp = (
    abstract: "A horizontal carousel that scales and fades items by distance to the centre and snaps to it.",
    discussion: """
    Offset i·pitch (pitch = item width + spacing) centres item i. Items are square at the \
    viewport height unless --item-size is given. With coverFlow and stackedCards, elements are drawn \
    away from their frames and are listed when their frame or their transformed bounds meet \
    the visible rect.

    Example: scrollwork inspect carousel --viewport 375x300 --items 10 --preset spotify --offset 310,0
    """
  )
  static let simulateAbstract = "Scroll a carousel; releases snap an item to the centre."

  func prepare(_ input: LayoutInputOptions) throws -> PreparedCenteredLayout {
    try layout(itemSize: input.itemSize?.value).prepare(
      items: input.squareItems(layout: CarouselEntry.name), viewport: input.viewportValue)
  }

  func extras(_ prepared: PreparedCenteredLayout, state: ScrollState) -> [(String, String)] {
    Inspector.centeredExtras(prepared, state: state)
  }

  func decelerationRate(_ input: LayoutInputOptions) -> DecelerationRate {
    layout(itemSize: input.itemSize?.value).decelerationRate
  }
}

/// `--spacing` and `--snap`: what the carousels' options share (the
/// carousel's and the looping carousel's).
struct StripOptions: ParsableArguments {
  @Option(parsing: .unconditional, help: "Space between items, ≥ 0.")
  var spacing: Double?

  @Option(parsing: .unconditional, help: "Snapping (default: the preset's).")
  var snap: SnapArgument?

  func validate() throws { try Check.nonNegative(spacing, "--spacing") }

  /// Sets the spacing and the snapping given on `layout`.
  func apply<L: CenteredStripConfiguration>(to layout: inout L) {
    if let spacing { layout.spacing = spacing }
    if let snap { layout.snapping = snap.value }
  }
}

/// A carousel's configuration as `StripOptions` changes it.
protocol CenteredStripConfiguration {
  var spacing: Double { get set }
  var snapping: CenteredStrip.Snapping { get set }
}

extension CarouselLayout: CenteredStripConfiguration {}
extension LoopingCarouselLayout: CenteredStripConfiguration {}
