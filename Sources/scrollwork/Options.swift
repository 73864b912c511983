import ArgumentParser
import LayoutCore
import ScrollPhysics

/// Parses `WxH` (`390x844`).
func parseSize(_ text: String) -> Size? {
  let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
  guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]) else { return nil }
  return Size(width: w, height: h)
}

/// Parses `X,Y` (or a single `X`, with Y = 0).
func parsePoint(_ text: String) -> Point? {
  let parts = text.split(separator: ",", omittingEmptySubsequences: false)
  guard parts.count == 1 || parts.count == 2, let x = Double(parts[0]) else { return nil }
  if parts.count == 1 { return Point(x: x, y: 0) }
  guard let y = Double(parts[1]) else { return nil }
  return Point(x: x, y: y)
}

struct SizeArgument: ExpressibleByArgument {
  var value: Size
  init?(argument: String) {
    guard let size = parseSize(argument) else { return nil }
    value = size
  }
  static var defaultCompletionKind: CompletionKind { .default }
}

struct PointArgument: ExpressibleByArgument {
  var value: Point
  init?(argument: String) {
    guard let point = parsePoint(argument) else { return nil }
    value = point
  }
  var defaultValueDescription: String { "\(JSONWriter.number(value.x)),\(JSONWriter.number(value.y))" }
}

struct SizeListArgument: ExpressibleByArgument {
  var value: [Size]
  init?(argument: String) {
    var sizes: [Size] = []
    for part in argument.split(separator: ",") {
      guard let size = parseSize(String(part)) else { return nil }
      sizes.append(size)
    }
    value = sizes
  }
}

struct IntListArgument: ExpressibleByArgument {
  var value: [Int]
  init?(argument: String) {
    var values: [Int] = []
    for part in argument.split(separator: ",") {
      guard let n = Int(part) else { return nil }
      values.append(n)
    }
    value = values
  }
}

/// The viewport and items every layout command takes.
struct LayoutInputOptions: ParsableArguments {
  @Option(help: "The viewport (scroll view bounds) size, WxH in points.")
  var viewport: SizeArgument

  @Option(help: "One item size per item, WxH,WxH,… (one section).")
  var itemSizes: SizeListArgument?

  @Option(help: "The number of items (with --item-size), in one section.")
  var items: Int?

  @Option(help: "The size of every item, WxH (with --items).")
  var itemSize: SizeArgument?

  @Option(help: "Item counts per section, N,N,… (each item of --item-size).")
  var sections: IntListArgument?

  /// The items, from whichever options were given.
  func layoutItems(defaultItemSize: Size? = nil) throws -> LayoutItems {
    if let itemSizes {
      guard items == nil, sections == nil else {
        throw ValidationError("give either --item-sizes or --items/--sections, not both")
      }
      return LayoutItems(itemSizes.value)
    }
    guard let size = itemSize?.value ?? defaultItemSize else {
      throw ValidationError("give --item-size WxH with --items or --sections (or --item-sizes)")
    }
    if let sections {
      guard items == nil else { throw ValidationError("give either --items or --sections, not both") }
      for count in sections.value where count < 0 { throw ValidationError("section item counts cannot be negative") }
      return LayoutItems(sections: sections.value.map { .uniform(size, count: $0) })
    }
    guard let items else { throw ValidationError("give --items N, --sections N,N,… or --item-sizes WxH,…") }
    guard items >= 0 else { throw ValidationError("--items cannot be negative") }
    return LayoutItems(count: items, size: size)
  }

  var viewportValue: Viewport { Viewport(size: viewport.value) }
}

/// Options of `scrollwork inspect` shared by every layout.
struct InspectOptions: ParsableArguments {
  @OptionGroup var input: LayoutInputOptions

  @Option(help: "The content offset X,Y.")
  var offset: PointArgument = PointArgument(argument: "0,0")!

  @Flag(help: "Print every element, not only those in the visible rect.")
  var all = false
}

/// Options of `scrollwork simulate` shared by every layout.
struct SimulateOptions: ParsableArguments {
  @OptionGroup var input: LayoutInputOptions

  @Option(help: "The starting content offset X,Y.")
  var offset: PointArgument = PointArgument(argument: "0,0")!

  @Option(help: "The gesture script, or a file holding one (see 'scrollwork simulate --help').")
  var script: String

  @Option(help: "Frames per second.")
  var fps: Double = 120

  @Flag(help: "Page by the viewport size, as isPagingEnabled.")
  var paging = false

  @Option(help: "Deceleration rate: normal, fast, or a number per millisecond in (0, 1).")
  var deceleration: String?

  @Flag(help: "Do not rubber-band past the edges.")
  var noBounce = false

  @Flag(help: "Print the visible elements in every frame.")
  var elements = false

  func configuration(defaultRate: DecelerationRate = .normal) throws -> ScrollConfiguration {
    var rate = defaultRate
    if let deceleration {
      switch deceleration {
      case "normal": rate = .normal
      case "fast": rate = .fast
      default:
        guard let value = Double(deceleration), value > 0, value < 1 else {
          throw ValidationError("--deceleration takes normal, fast or a number between 0 and 1")
        }
        rate = DecelerationRate(value)
      }
    }
    guard fps.isFinite, fps > 0, fps <= 1000 else { throw ValidationError("--fps must be between 0 and 1000") }
    return ScrollConfiguration(decelerationRate: rate, isPagingEnabled: paging, bounces: !noBounce)
  }

  func gestureScript() throws -> GestureScript {
    try GestureScript(loadScriptText(script))
  }
}
