import ArgumentParser
import GestureScripting
import LayoutCore
import ScrollPhysics
import ToolOutput
import ToolSupport

// MARK: - Typed values

/// Parses `WxH` (see `OptionValues.size`).
func parseSize(_ text: String) -> Size? { OptionValues.size(text) }

/// Parses `X,Y` (or a single `X`, with Y = 0; see `OptionValues.point`).
func parsePoint(_ text: String) -> Point? { OptionValues.point(text) }

/// `WxH`.
struct SizeArgument: ExpressibleByArgument {
  var value: Size
  init(_ value: Size) { self.value = value }
  init?(argument: String) {
    guard let size = parseSize(argument) else { return nil }
    value = size
  }
  var defaultValueDescription: String { "\(JSONWriter.number(value.width))x\(JSONWriter.number(value.height))" }
}

/// `X,Y` (Y defaults to 0).
struct PointArgument: ExpressibleByArgument {
  var value: Point
  init(_ value: Point) { self.value = value }
  init?(argument: String) {
    guard let point = parsePoint(argument) else { return nil }
    value = point
  }
  var defaultValueDescription: String { "\(JSONWriter.number(value.x)),\(JSONWriter.number(value.y))" }
}

/// `A,B`: exactly two numbers (`--padding V,H`); a single number is not
/// taken (it is not read as `A,0`).
struct PairArgument: ExpressibleByArgument {
  var value: Point
  init(_ value: Point) { self.value = value }
  init?(argument: String) {
    guard let pair = OptionValues.pair(argument) else { return nil }
    value = pair
  }
  var defaultValueDescription: String { "\(JSONWriter.number(value.x)),\(JSONWriter.number(value.y))" }
}

/// `WxH,WxH,…`: no empty entries.
struct SizeListArgument: ExpressibleByArgument {
  var value: [Size]
  init?(argument: String) {
    guard let sizes = OptionValues.sizes(argument) else { return nil }
    value = sizes
  }
}

/// `N,N,…`: no empty entries.
struct IntListArgument: ExpressibleByArgument {
  var value: [Int]
  init?(argument: String) {
    guard let values = OptionValues.integers(argument) else { return nil }
    value = values
  }
}

/// `top,left,bottom,right`.
struct InsetsArgument: ExpressibleByArgument {
  var value: EdgeInsets
  init(_ value: EdgeInsets) { self.value = value }
  init?(argument: String) {
    guard let insets = OptionValues.insets(argument) else { return nil }
    value = insets
  }
  var defaultValueDescription: String {
    [value.top, value.left, value.bottom, value.right].map(JSONWriter.number).joined(separator: ",")
  }
}

/// `I,F`: an index and an amount (a fraction or a progress).
struct IndexAmountArgument: ExpressibleByArgument {
  var index: Int
  var amount: Double
  init?(argument: String) {
    guard let (i, a) = OptionValues.indexAmount(argument) else { return nil }
    index = i
    amount = a
  }
}

extension Axis: @retroactive ExpressibleByArgument {}
extension FlowLayout.Alignment: @retroactive ExpressibleByArgument {}

/// How a centred layout snaps (`--snap`).
enum SnapArgument: String, CaseIterable, ExpressibleByArgument {
  case nearest
  case oneItem = "one-item"
  case none

  var value: CenteredStrip.Snapping {
    switch self {
    case .nearest: .nearest
    case .oneItem: .oneItem
    case .none: .none
    }
  }
}

// MARK: - Range checks (named in every message)

/// Range checks for option values, each naming the option and the range it
/// takes, for commands' `validate()`.
enum Check {
  /// The longest length an option takes, in points: what any layout
  /// accepts (`LayoutLimits.maximumExtent`, 2⁴⁸), so that a length the
  /// option accepts is never refused later by the layout under another name.
  static let maximumLength = LayoutLimits.maximumExtent

  static var lengthRange: String { "from 0 to \(JSONWriter.number(maximumLength)) points" }

  /// A length: a finite number from 0 to `maximumLength`.
  static func nonNegative(_ value: Double?, _ option: String) throws {
    guard let value else { return }
    guard value.isFinite, value >= 0, value <= maximumLength else {
      throw ValidationError("\(option) takes a length \(lengthRange) (got \(value))")
    }
  }

  /// A length above 0, at most `maximumLength`.
  static func positive(_ value: Double?, _ option: String) throws {
    guard let value else { return }
    guard value.isFinite, value > 0, value <= maximumLength else {
      throw ValidationError(
        "\(option) takes a length above 0, up to \(JSONWriter.number(maximumLength)) points (got \(value))")
    }
  }

  /// A finite number in `range`.
  static func inRange(_ value: Double?, _ range: ClosedRange<Double>, _ option: String) throws {
    guard let value else { return }
    guard value.isFinite, range.contains(value) else {
      throw ValidationError(
        "\(option) takes a number from \(JSONWriter.number(range.lowerBound)) to \(JSONWriter.number(range.upperBound)) (got \(value))"
      )
    }
  }

  /// A coordinate: a finite number within ±`maximumLength`.
  static func finite(_ value: Double?, _ option: String) throws {
    guard let value else { return }
    guard value.isFinite, abs(value) <= maximumLength else {
      throw ValidationError(
        "\(option) takes a number from -\(JSONWriter.number(maximumLength)) to \(JSONWriter.number(maximumLength)) "
          + "(got \(value))")
    }
  }

  /// A finite point.
  static func finite(_ point: Point?, _ option: String) throws {
    guard let point else { return }
    guard point.isFinite else {
      throw ValidationError("\(option) takes finite numbers X,Y (got \(point.x),\(point.y))")
    }
  }

  /// A content offset: finite, each coordinate within
  /// ±`LayoutLimits.maximumExtent` (2⁴⁸ pt, the longest content any layout
  /// accepts), so that nothing computed from it (velocities, distances)
  /// overflows.
  static func offset(_ point: Point?, _ option: String) throws {
    guard let point else { return }
    let limit = LayoutLimits.maximumExtent
    guard point.isFinite, abs(point.x) <= limit, abs(point.y) <= limit else {
      throw ValidationError(
        "\(option) takes X,Y with each coordinate from -\(JSONWriter.number(limit)) to \(JSONWriter.number(limit)) "
          + "(got \(point.x),\(point.y))")
    }
  }

  /// A size with sides from 0 (`positive`: above 0) to `maximumLength`.
  static func size(_ size: Size?, _ option: String, positive: Bool = false) throws {
    guard let size else { return }
    let ok =
      size.width.isFinite && size.height.isFinite && size.width <= maximumLength && size.height <= maximumLength
      && (positive ? size.isPositive : size.width >= 0 && size.height >= 0)
    guard ok else {
      throw ValidationError(
        "\(option) takes WxH with each side \(positive ? "above 0" : "from 0"), up to "
          + "\(JSONWriter.number(maximumLength)) points (got \(size.width)x\(size.height))")
    }
  }

  /// A viewport: each side from `Viewport.minimumExtent` (2⁻¹⁰ pt) to
  /// `maximumLength`, what every layout accepts.
  static func viewport(_ size: Size?, _ option: String = "--viewport") throws {
    guard let size else { return }
    let range = Viewport.minimumExtent...maximumLength
    guard range.contains(size.width), range.contains(size.height) else {
      throw ValidationError(
        "\(option) takes WxH with each side from \(Viewport.minimumExtent) to \(JSONWriter.number(maximumLength)) "
          + "points (got \(size.width)x\(size.height))")
    }
  }

  /// Finite, non-negative insets.
  static func insets(_ insets: EdgeInsets?, _ option: String) throws {
    guard let insets else { return }
    for v in [insets.top, insets.left, insets.bottom, insets.right] {
      try nonNegative(v, option)
    }
  }

  /// An integer in `range`.
  static func count(_ value: Int?, _ range: ClosedRange<Int>, _ option: String) throws {
    guard let value else { return }
    guard range.contains(value) else {
      throw ValidationError(
        "\(option) takes a whole number from \(range.lowerBound) to \(range.upperBound) (got \(value))")
    }
  }
}
