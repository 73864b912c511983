import ArgumentParser
import LayoutCore
import ScrollPhysics

/// `carousel`'s own options.
struct CarouselOptions: ParsableArguments {
  @Option(help: "Space between items.")
  var spacing: Double?

  @Option(help: "Preset: spotify (the seed's constants), coverflow, stack (a deck of cards) or plain.")
  var preset: String = "spotify"

  @Option(help: "Snapping: nearest, one-item or none (default: the preset's).")
  var snap: String?

  @Option(help: "Spotify-style curve: scale 1 + tolerance − slope·d/c before clamping (default 0.02).")
  var tolerance: Double?

  @Option(help: "Spotify-style curve: the slope (default 0.105).")
  var slope: Double?

  @Option(help: "Spotify-style curve: the minimum scale (default 0.86).")
  var minScale: Double?

  @Option(help: "Spotify-style curve: the alpha at the minimum scale (default 0.25).")
  var minAlpha: Double?

  func layout(itemSize: Size?) throws -> CarouselLayout {
    guard var layout = CarouselLayout.presets.first(where: { $0.name == preset })?.layout else {
      throw ValidationError("--preset takes " + CarouselLayout.presets.map(\.name).joined(separator: ", "))
    }
    layout.itemSize = itemSize
    if let spacing { layout.spacing = spacing }
    if let snap { layout.snapping = try parseSnapping(snap) }
    if tolerance != nil || slope != nil || minScale != nil || minAlpha != nil {
      guard preset == "spotify" else {
        throw ValidationError("--tolerance, --slope, --min-scale and --min-alpha shape the spotify preset's curve")
      }
      layout.effect = CenterEffect(
        tolerance: tolerance ?? 0.02, slope: slope ?? 0.105, minScale: minScale ?? 0.86, minAlpha: minAlpha ?? 0.25)
    }
    return layout
  }
}

/// `prominent`'s own options.
struct ProminentOptions: ParsableArguments {
  @Option(help: "Space between items.")
  var lineSpacing: Double = 10

  @Option(help: "The scale of items a pitch or more from the centre.")
  var minScale: Double = 0.5

  @Option(help: "The alpha of items a pitch or more from the centre.")
  var minAlpha: Double = 0.5

  @Option(help: "Snapping: nearest, one-item or none.")
  var snap: String = "nearest"

  func layout(input: LayoutInputOptions) throws -> ProminentLayout {
    guard let size = input.itemSize?.value else { throw ValidationError("prominent needs --item-size WxH") }
    return ProminentLayout(
      itemSize: size, lineSpacing: lineSpacing, minScale: minScale, minAlpha: minAlpha,
      snapping: try parseSnapping(snap))
  }
}

func parseSnapping(_ text: String) throws -> CenteredStrip.Snapping {
  switch text {
  case "nearest": .nearest
  case "one-item": .oneItem
  case "none": .none
  default: throw ValidationError("--snap takes nearest, one-item or none")
  }
}

/// The extra fields `inspect` prints for centred layouts: the item at the
/// centre and the offset a release at rest would settle on.
func centeredExtras(_ prepared: PreparedCenteredLayout, state: ScrollState) -> [(String, String)] {
  var state = state
  state.contentOffset = state.contentOffset.sanitized
  let centered = prepared.centeredItem(at: state).map { "[\($0.section),\($0.item)]" } ?? "null"
  let snap = prepared.targetContentOffset(proposed: state.contentOffset, velocity: .zero, at: state)
  return [("centered", centered), ("snapOffset", JSONWriter.array([snap.x, snap.y]))]
}

func carouselInputs(_ input: LayoutInputOptions) throws -> LayoutItems {
  let height = input.viewport.value.height
  return try input.layoutItems(defaultItemSize: Size(width: height, height: height))
}

struct InspectCarousel: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "carousel",
    abstract: "A horizontal carousel that scales and fades items by distance to the centre and snaps to it.",
    discussion: """
      Offset i·pitch (pitch = item width + spacing) centres item i. Items are square at the \
      viewport height unless --item-size is given. With coverflow and stack, elements are drawn \
      away from their frames and are listed when their frame or their transformed bounds meet \
      the visible rect.

      Example: scrollwork inspect carousel --viewport 375x300 --items 10 --preset spotify --offset 310,0
      """)

  @OptionGroup var options: InspectOptions
  @OptionGroup var carousel: CarouselOptions

  func run() throws {
    let input = options.input
    let prepared = try carousel.layout(itemSize: input.itemSize?.value).prepare(
      items: carouselInputs(input), viewport: input.viewportValue)
    let state = ScrollState(contentOffset: options.offset.value)
    print(
      Inspector.report(
        name: "carousel", prepared, state: state, all: options.all, extra: centeredExtras(prepared, state: state)))
  }
}

struct SimulateCarousel: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "carousel", abstract: "Scroll a carousel; releases snap an item to the centre.")

  @OptionGroup var options: SimulateOptions
  @OptionGroup var carousel: CarouselOptions

  func run() throws {
    let input = options.input
    let layout = try carousel.layout(itemSize: input.itemSize?.value)
    let prepared = try layout.prepare(items: carouselInputs(input), viewport: input.viewportValue)
    try Simulator.run(
      name: "carousel", prepared, state: ScrollState(contentOffset: options.offset.value), options: options,
      defaultRate: layout.decelerationRate)
  }
}

struct InspectProminent: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "prominent",
    abstract: "A vertical list whose item nearest the centre is full size and opaque, the others smaller and fainter.",
    discussion: """
      Offset 0,i·pitch (pitch = item height + line spacing) centres item i.

      Example: scrollwork inspect prominent --viewport 375x400 --items 20 --item-size 200x200 --offset 0,315
      """)

  @OptionGroup var options: InspectOptions
  @OptionGroup var prominent: ProminentOptions

  func run() throws {
    let input = options.input
    let prepared = try prominent.layout(input: input).prepare(items: input.layoutItems(), viewport: input.viewportValue)
    let state = ScrollState(contentOffset: options.offset.value)
    print(
      Inspector.report(
        name: "prominent", prepared, state: state, all: options.all, extra: centeredExtras(prepared, state: state)))
  }
}

struct SimulateProminent: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "prominent",
    abstract: "Scroll a prominent-cell list (fast deceleration by default); releases snap an item to the centre.")

  @OptionGroup var options: SimulateOptions
  @OptionGroup var prominent: ProminentOptions

  func run() throws {
    let input = options.input
    let layout = try prominent.layout(input: input)
    let prepared = try layout.prepare(items: input.layoutItems(), viewport: input.viewportValue)
    try Simulator.run(
      name: "prominent", prepared, state: ScrollState(contentOffset: options.offset.value), options: options,
      defaultRate: layout.decelerationRate)
  }
}
