import LayoutCore
import PhotoGrid
import Raster

/// One scene replaced by another that shows the same photos (a folder
/// changed under the album, or under a grid too small to animate its own
/// update): for `duration` seconds the new scene's layers are drawn with
/// the old scene's elements moving to their new places by identity, as
/// the engine's data-change transitions present them. An element is the
/// same in both when it shows the same photo (by name), or, for elements
/// without a photo, when it has the same identity; elements in both move
/// and reshape (`LayoutTransition.interpolate`) from where they were on
/// screen to where they are, those only in the old scene fade out where
/// they were (`isLeaving`), those only in the new fade in.
///
/// Layers pair by position and region; a layer without a partner, or one
/// that draws its elements itself (text), shows the new scene's as it is.
package struct SceneChange {
  /// The old scene's layers when it was replaced.
  package let from: [SceneLayer]
  /// When it was replaced (seconds, the scene's clock).
  package let start: Double
  /// How long the change animates: as long as a grid update.
  package static let duration = PhotoGridSession.updateDuration

  /// The eased progress at `time`: 0 at `start`, 1 from `start + duration`.
  package func progress(at time: Double) -> Double {
    let f = (time - start) / Self.duration
    guard f.isFinite else { return 1 }
    return TimingCurve.default.value(at: Swift.min(1, Swift.max(0, f)))
  }

  /// Whether the change is over at `time`.
  package func isFinished(at time: Double) -> Bool { !(time - start < Self.duration) }

  /// The layers to draw at `time` over the new scene's `layers`.
  ///
  /// - Complexity: O(k) for the k elements of both scenes on screen.
  package func layers(over layers: [SceneLayer], at time: Double) -> [SceneLayer] {
    let p = progress(at: time)
    guard p < 1 else { return layers }
    return layers.enumerated().map { i, layer in
      guard i < from.count, from[i].region == layer.region, layer.draw == nil, from[i].draw == nil else {
        return layer
      }
      return Self.blend(from[i], layer, progress: p)
    }
  }

  /// What identifies an element across the two scenes.
  package enum Key: Hashable {
    case photo(String)
    case element(ElementID)
  }

  /// `old` moving into `new` at progress `p`, in `new`'s content
  /// coordinates.
  package static func blend(_ old: SceneLayer, _ new: SceneLayer, progress p: Double) -> SceneLayer {
    // Old content coordinates to new: the same place on screen.
    let shift = new.contentOffset - old.contentOffset
    var leaving: [Key: LayoutAttributes] = [:]
    for element in old.elements {
      var moved = element
      moved.center = element.center + shift
      leaving[key(element, old)] = moved
    }
    var elements: [LayoutAttributes] = []
    elements.reserveCapacity(new.elements.count + leaving.count)
    for element in new.elements {
      if let before = leaving.removeValue(forKey: key(element, new)) {
        elements.append(LayoutTransition<AnyPreparedLayout, AnyPreparedLayout>.interpolate(before, element, p))
      } else {
        var appearing = element
        appearing.alpha *= p
        elements.append(appearing)
      }
    }
    for var element in leaving.values {
      element.alpha *= 1 - p
      element.extras.isLeaving = true
      elements.append(element)
    }
    // An old element is looked up in the old scene, as it was there.
    func original(_ a: LayoutAttributes) -> LayoutAttributes {
      var copy = a
      copy.center = a.center - shift
      copy.extras.isLeaving = false
      return copy
    }
    var blended = new
    blended.elements = elements
    blended.photo = { a in a.extras.isLeaving ? old.photo(original(a)) : new.photo(a) }
    blended.style = { a in a.extras.isLeaving ? old.style(original(a)) : new.style(a) }
    return blended
  }

  package static func key(_ element: LayoutAttributes, _ layer: SceneLayer) -> Key {
    if let photo = layer.photo(element) { return .photo(photo.name) }
    return .element(element.id)
  }

  /// Memberwise, for the other targets of the tool's package.
  package init(from: [SceneLayer], start: Double) {
    self.from = from
    self.start = start
  }
}
