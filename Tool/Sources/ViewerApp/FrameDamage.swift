import LayoutCore
import Raster
import Scenes

/// What changed between the frame on screen and the next one, in pixel
/// rows: the viewer draws, converts and puts only those rows.
///
/// A scroll of one layer by whole pixels (offsets are snapped to pixels,
/// `snapped(_:scale:)`) moves that layer's pixels (`moving`) and damages
/// the strip it uncovers; an element whose attributes changed, appeared,
/// left, or whose photo arrived damages the rows it covers, before and
/// after. What cannot be expressed so (a horizontal move, two layers
/// moving, a moving layer under another, a changed region or overlay) has
/// no plan: the whole frame is drawn.
package struct FrameDamage: Equatable {
  /// The layer whose pixels move, its rectangle in canvas pixels, and by how much.
  package struct Move: Equatable {
    package var layer: Int
    package var x: Int
    package var y: Int
    package var width: Int
    package var height: Int
    package var dy: Int
  }

  package var moving: Move?
  /// Damaged pixel rows, sorted and disjoint.
  package var rows: [Range<Int>]

  /// Rows damaged in all.
  package var rowCount: Int { rows.reduce(0) { $0 + $1.count } }

  /// A plan covering more than this share of the rows is not worth it:
  /// the whole frame is drawn.
  package static let maximumShare = 0.6

  /// The layers with each content offset rounded to the nearest device
  /// pixel (as UIKit shows a scroll view's bounds): a scroll then moves
  /// pixels by whole rows. Non-finite offsets are left as they are.
  package static func snapped(_ layers: [SceneLayer], scale: Double) -> [SceneLayer] {
    guard scale.isFinite, scale > 0 else { return layers }
    var out = layers
    for i in out.indices {
      let o = out[i].contentOffset
      guard o.isFinite else { continue }
      out[i].contentOffset = Point(x: (o.x * scale).rounded() / scale, y: (o.y * scale).rounded() / scale)
    }
    return out
  }

  /// The damage from `previous` to `current` on a canvas of `pixelSize`
  /// at `scale`, given the names of the photos whose images arrived since
  /// `previous` was drawn; `nil` when the whole frame must be drawn.
  ///
  /// - Complexity: O(elements) (plus sorting the damaged bands).
  package static func plan(
    from previous: [SceneLayer], to current: [SceneLayer], arrived: Set<String>, pixelSize: PixelSize, scale: Double
  ) -> FrameDamage? {
    guard previous.count == current.count, scale.isFinite, scale > 0 else { return nil }
    var moving: Move?
    var bands: [Range<Int>] = []
    for i in current.indices {
      let a = previous[i]
      let b = current[i]
      guard a.region == b.region, a.background == b.background, a.centerLine == b.centerLine,
        a.indexLabels == b.indexLabels
      else { return nil }
      let originA = Point(x: a.region.minX - a.contentOffset.x, y: a.region.minY - a.contentOffset.y)
      let originB = Point(x: b.region.minX - b.contentOffset.x, y: b.region.minY - b.contentOffset.y)
      var shift = 0
      if a.contentOffset != b.contentOffset {
        guard moving == nil, a.contentOffset.x == b.contentOffset.x, !b.centerLine, b.background?.alpha == 1,
          let rect = pixels(b.region, scale: scale)
        else { return nil }
        let dy = (a.contentOffset.y - b.contentOffset.y) * scale
        guard abs(dy - dy.rounded()) < 1e-6, abs(dy) < Double(rect.height) else { return nil }
        shift = Int(dy.rounded())
        // Another layer over or under it would move with it.
        for j in current.indices where j != i && current[j].region.intersects(b.region) { return nil }
        moving = Move(layer: i, x: rect.x, y: rect.y, width: rect.width, height: rect.height, dy: shift)
        bands.append(shift < 0 ? (rect.y + rect.height + shift)..<(rect.y + rect.height) : rect.y..<(rect.y + shift))
      }
      // Elements compared by identity: what changed is drawn again where it
      // was (its pixels moved by the shift) and where it is.
      var before: [ElementID: LayoutAttributes] = [:]
      before.reserveCapacity(a.elements.count)
      for element in a.elements { before[element.id] = element }
      func damage(_ element: LayoutAttributes, origin: Point, shift: Int, clip: Rect) -> Bool {
        let frame = element.transformedFrame
        guard frame.isFinite else { return false }
        let top = ((frame.minY + origin.y) * scale).rounded(.down) - 2 + Double(shift)
        let bottom = ((frame.maxY + origin.y) * scale).rounded(.up) + 2 + Double(shift)
        let y0 = Swift.max(top, (clip.minY * scale).rounded(.down), 0)
        let y1 = Swift.min(bottom, (clip.maxY * scale).rounded(.up), Double(pixelSize.height))
        if y0 < y1 { bands.append(Int(y0)..<Int(y1)) }
        return true
      }
      for element in b.elements {
        let old = before.removeValue(forKey: element.id)
        let photoArrived = !arrived.isEmpty && b.photo(element).map { arrived.contains($0.name) } == true
        if old == element && !photoArrived { continue }
        guard damage(element, origin: originB, shift: 0, clip: b.region) else { return nil }
        if let old, old != element {
          guard damage(old, origin: originA, shift: shift, clip: b.region) else { return nil }
        }
      }
      for (_, gone) in before {
        guard damage(gone, origin: originA, shift: shift, clip: b.region) else { return nil }
      }
    }
    let rows = merged(bands)
    let damage = FrameDamage(moving: moving, rows: rows)
    guard Double(damage.rowCount) <= maximumShare * Double(pixelSize.height) else { return nil }
    return damage
  }

  /// `rect` (points) in whole canvas pixels, or `nil` when its edges are
  /// not on pixel boundaries.
  package static func pixels(_ rect: Rect, scale: Double) -> (x: Int, y: Int, width: Int, height: Int)? {
    let edges = [rect.minX * scale, rect.minY * scale, rect.maxX * scale, rect.maxY * scale]
    guard edges.allSatisfy({ $0.isFinite && abs($0 - $0.rounded()) < 1e-6 && abs($0) < 1e9 }) else { return nil }
    let e = edges.map { Int($0.rounded()) }
    guard e[2] > e[0], e[3] > e[1] else { return nil }
    return (e[0], e[1], e[2] - e[0], e[3] - e[1])
  }

  /// Sorted, disjoint bands covering `bands` (touching bands join).
  package static func merged(_ bands: [Range<Int>]) -> [Range<Int>] {
    let sorted = bands.filter { !$0.isEmpty }.sorted { $0.lowerBound < $1.lowerBound }
    var out: [Range<Int>] = []
    for band in sorted {
      if let last = out.last, band.lowerBound <= last.upperBound {
        out[out.count - 1] = last.lowerBound..<Swift.max(last.upperBound, band.upperBound)
      } else {
        out.append(band)
      }
    }
    return out
  }

  /// Memberwise, for the other targets of the tool's package.
  package init(moving: Move?, rows: [Range<Int>]) {
    self.moving = moving
    self.rows = rows
  }
}

/// Draws the viewer's frames, whole or only their damaged rows, and
/// remembers which elements were drawn with a stand-in (their photo not
/// decoded yet at the size drawn).
package struct FramePainter {
  package let painter: ElementPainter
  package let background: Color
  package let scale: Double
  /// Per layer: the elements last drawn with a stand-in.
  package private(set) var missing: [Set<ElementID>] = []

  package init(painter: ElementPainter, background: Color, scale: Double) {
    self.painter = painter
    self.background = background
    self.scale = scale
  }

  /// Whether an element on screen still waits for its photo.
  package var isMissingAny: Bool { missing.contains { !$0.isEmpty } }

  /// Draws the whole frame: the same pixels `SceneRecorder.draw(_:into:)`
  /// draws on a canvas of the same size.
  package mutating func drawAll(_ layers: [SceneLayer], on canvas: inout Canvas) {
    missing = Array(repeating: [], count: layers.count)
    let covered = layers.compactMap { $0.background?.alpha == 1 ? $0.region : nil }
    canvas.clear(background, exceptInsideOf: covered)
    paint(layers, clip: nil, on: &canvas)
  }

  /// Draws only `damage`: moves the moving layer's pixels, then clears
  /// each damaged band and draws every layer clipped to it.
  ///
  /// - Complexity: O(pixels moved + pixels in the bands + elements).
  package mutating func draw(_ layers: [SceneLayer], damage: FrameDamage, on canvas: inout Canvas) {
    if missing.count != layers.count { missing = Array(repeating: [], count: layers.count) }
    if let move = damage.moving {
      canvas.movePixels(x: move.x, y: move.y, width: move.width, height: move.height, dx: 0, dy: move.dy)
    }
    // Elements gone from a layer no longer wait for anything.
    for (i, layer) in layers.enumerated() where !missing[i].isEmpty {
      let ids = Set(layer.elements.map(\.id))
      missing[i].formIntersection(ids)
    }
    for band in damage.rows {
      canvas.clear(background, rows: band)
      // Edges nudged inward so that rounding outward to pixels gives the band exactly.
      let top = (Double(band.lowerBound) + 1e-7) / scale
      let bottom = (Double(band.upperBound) - 1e-7) / scale
      let clip = Rect(x: -1e9, y: top, width: 2e9, height: bottom - top)
      paint(layers, clip: clip, on: &canvas)
    }
  }

  /// Asks again for the photos of elements drawn with a stand-in (a request
  /// not renewed lapses; an element not drawn again would never get its
  /// photo).
  package func renewMissing(_ layers: [SceneLayer]) {
    for (i, layer) in layers.enumerated() where i < missing.count && !missing[i].isEmpty {
      for element in layer.elements where missing[i].contains(element.id) {
        if let photo = layer.photo(element) {
          painter.prefetch(element, photo: photo, scale: scale, style: layer.style(element))
        }
      }
    }
  }

  private mutating func paint(_ layers: [SceneLayer], clip: Rect?, on canvas: inout Canvas) {
    for (i, layer) in layers.enumerated() {
      let region: Rect
      if let clip {
        guard layer.region.intersects(clip) else { continue }
        let top = Swift.max(layer.region.minY, clip.minY)
        region = Rect(
          x: layer.region.minX, y: top, width: layer.region.width,
          height: Swift.min(layer.region.maxY, clip.maxY) - top)
        if let fill = layer.background { canvas.fill(layer.region, fill, clip: region) }
      } else {
        region = layer.region
        if let fill = layer.background { canvas.fill(layer.region, fill) }
      }
      let origin = Point(x: layer.region.minX - layer.contentOffset.x, y: layer.region.minY - layer.contentOffset.y)
      let ordered = layer.elements.sorted { $0.zIndex != $1.zIndex ? $0.zIndex < $1.zIndex : $0.id < $1.id }
      for element in ordered {
        if let draw = layer.draw {
          draw(element, &canvas, origin, region)
          continue
        }
        if clip != nil {
          // Only what meets the band is drawn (and only its stand-in state is known again).
          let frame = element.transformedFrame.offsetBy(dx: origin.x, dy: origin.y)
          guard frame.isFinite, frame.minY - 2 / scale < region.maxY, frame.maxY + 2 / scale > region.minY else {
            continue
          }
        }
        let before = painter.missingCount
        painter.draw(
          element, photo: layer.photo(element), style: layer.style(element), on: &canvas, origin: origin,
          clip: region)
        if painter.missingCount > before {
          missing[i].insert(element.id)
        } else if !missing[i].isEmpty {
          missing[i].remove(element.id)
        }
      }
      if layer.indexLabels {
        for element in ordered { painter.drawIndexLabel(element, on: &canvas, origin: origin, clip: region) }
      }
      if layer.centerLine { painter.drawCenterLine(in: region, on: &canvas) }
    }
  }
}
