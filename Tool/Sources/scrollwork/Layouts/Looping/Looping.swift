import ArgumentParser
import Benchmarks
import LayoutCatalog
import LayoutCore
import Scenes
import Simulation
import ScrollPhysics
import ToolOutput

// The looping carousel in the tool: presets, options, `inspect looping`,
// `simulate looping`, one demo scene per preset and the benchmark.

extension LoopingPreset: @retroactive ExpressibleByArgument, LayoutPreset {
  /// A preset's name, or its earlier name (`coverflow` for `coverFlow`,
  /// `stack` for `stackedCards`): older command lines still parse.
  public init?(argument: String) { self.init(name: argument) }
}

enum LoopingEntry: LayoutEntry {
  static let name = "looping"
  static let demoPresets: [LoopingPreset] = [.spotify, .coverFlow]
  static var benchScenarios: [BenchScenario] { [.looping] }

  static func scene(_ preset: LoopingPreset) -> SceneEntry {
    .looping(
      preset.layout, name: sceneName(preset), preset: preset.rawValue, title: preset.sceneTitle,
      summary: preset.sceneSummary)
  }
}

/// `looping`'s own options.
struct LoopingOptions: ParsableArguments {
  @Option(parsing: .unconditional, help: "Start from a preset.")
  var preset = LoopingEntry.defaultPreset

  @OptionGroup var strip: StripOptions

  func layout(itemSize: Size?) -> LoopingCarouselLayout {
    var layout = preset.layout
    layout.itemSize = itemSize
    strip.apply(to: &layout)
    return layout
  }
}

extension LoopingOptions: ScrollingOptions {
  static let inspectHelp = (
    abstract: "A carousel whose items repeat without end in both directions, snapping to the centre.",
    discussion: """
    Offset j·pitch (pitch = item width + spacing) centres item j mod n, for negative j too: \
    offsets run about ±6.7e7 points (a content inset before the content). Each item is listed \
    once, in the copy nearest the centre. Fewer items than fill the viewport plus one \
    (minimumLoopingCount) make a plain, non-looping carousel.

    Example: scrollwork inspect looping --viewport 375x300 --items 10 --offset -310,0
    """
  )
  static let simulateAbstract = "Scroll a looping carousel; releases snap an item to the centre."

  func prepare(_ input: LayoutInputOptions) throws -> PreparedLoopingCarouselLayout {
    try layout(itemSize: input.itemSize?.value).prepare(
      items: input.squareItems(layout: LoopingEntry.name), viewport: input.viewportValue)
  }

  func extras(_ prepared: PreparedLoopingCarouselLayout, state: ScrollState) -> [(String, String)] {
    Inspector.loopingExtras(prepared, state: state)
  }

  func decelerationRate(_ input: LayoutInputOptions) -> DecelerationRate {
    DecelerationRate(layout(itemSize: input.itemSize?.value).preferredDecelerationRate)
  }
}
