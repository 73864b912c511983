import LayoutCore
import ScrollworkTestSupport

/// A random centred layout for property tests: a preset or a random effect,
/// random sizes and spacing, along either axis, over one or more sections
/// (some empty).
struct RandomCentered {
  var prepared: PreparedCenteredLayout
  var name: String
  /// Whether the effect treats both sides of the centre alike.
  var symmetric: Bool

  init(_ rng: inout SplitMix64, maxItems: Int = 60) throws {
    let viewport = Viewport(width: rng.double(in: 100...800), height: rng.double(in: 100...800))
    let counts = (0..<rng.int(in: 1...3)).map { _ in rng.chance(0.2) ? 0 : rng.int(in: 1...maxItems) }
    let items = LayoutItems(sections: counts.map { .uniform(Size(width: 1, height: 1), count: $0) })
    let itemSize: Size? =
      rng.chance(0.3) ? nil : Size(width: rng.double(in: 20...600), height: rng.double(in: 20...600))
    let spacing = rng.chance(0.2) ? 0 : rng.double(in: -10...60)
    switch rng.int(in: 0...5) {
    case let k where k < 3:
      // The three carousel presets; only the deck is one-sided.
      let presets: [(CarouselLayout, String)] = [
        (.spotify, "spotify"), (.coverFlow, "coverflow"), (.stackedCards, "stack"),
      ]
      var (layout, presetName) = presets[k]
      layout.itemSize = itemSize
      layout.spacing = spacing
      prepared = try layout.prepare(items: items, viewport: viewport)
      name = presetName
      symmetric = presetName != "stack"
    case 3:
      let layout = ProminentLayout(
        itemSize: itemSize ?? Size(width: 200, height: 200), lineSpacing: spacing,
        minScale: rng.double(in: 0...1), minAlpha: rng.double(in: 0...1))
      prepared = try layout.prepare(items: items, viewport: viewport)
      name = "prominent"
      symmetric = true
    case 4:
      let effect = CenterEffect(
        tolerance: rng.double(in: 0...0.1), slope: rng.double(in: 0.01...1), minScale: rng.double(in: 0...1),
        minAlpha: rng.double(in: 0...1))
      prepared = try CarouselLayout(itemSize: itemSize, spacing: spacing, effect: effect)
        .prepare(items: items, viewport: viewport)
      name = "random slope curve"
      symmetric = true
    default:
      let units: [CenterEffect.Unit] = [.pitch, .halfViewport, .points(rng.double(in: 10...400))]
      let shifts: [CenterEffect.Shift] = [
        .none, .compress(fraction: rng.double(in: 0...0.9), reach: rng.double(in: 0...4)),
        .stack(peek: rng.double(in: 0...40), depth: rng.double(in: 0...4)),
      ]
      let shift = shifts[rng.int(in: 0...2)]
      let side: CenterEffect.Side = rng.chance(0.5) ? .both : .trailing
      let effect = CenterEffect(
        unit: units[rng.int(in: 0...2)], plateau: rng.double(in: 0...1), span: rng.double(in: 0...3),
        minScale: rng.double(in: 0...1), minAlpha: rng.double(in: 0...1), side: side, shift: shift,
        zOrder: rng.chance(0.5) ? .nearestOnTop : .leadingOnTop)
      let axisLayout = rng.chance(0.5)
      prepared =
        axisLayout
        ? try CarouselLayout(itemSize: itemSize, spacing: spacing, effect: effect).prepare(
          items: items, viewport: viewport)
        : try PreparedCenteredLayout(
          axis: .vertical, itemSize: itemSize ?? Size(width: 150, height: 150), spacing: spacing, effect: effect,
          snapping: .nearest, items: items, viewport: viewport)
      name = "random effect \(effect)"
      symmetric =
        side == .both && effect.zOrder == .nearestOnTop
        && { if case .stack = shift { return false } else { return true } }()
    }
  }
}

extension PreparedCenteredLayout {
  var axis: Axis { strip.axis }

  /// The state with `offset` along the layout's axis.
  func state(_ offset: Double) -> ScrollState { ScrollState(contentOffset: Point(axis: axis, main: offset, cross: 0)) }

  /// Attributes of item `i` of the whole strip (across sections).
  func item(_ i: Int, at offset: Double) -> LayoutAttributes? {
    var rest = i
    for section in 0..<numberOfSections {
      let n = numberOfItems(inSection: section)
      if rest < n { return attributes(for: .cell(rest, section: section), at: state(offset)) }
      rest -= n
    }
    return nil
  }
}
