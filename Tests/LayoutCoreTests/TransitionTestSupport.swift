import LayoutCore
import ScrollworkTestSupport

/// Brute force for a transition's visible set: every element of A and of B
/// interpolated, then the documented rule applied.
func transitionBruteForce<A: PreparedLayout, B: PreparedLayout>(
  _ t: LayoutTransition<A, B>, in rect: Rect, progress p: Double, requireEndpointRule: Bool = true
) -> [LayoutAttributes] {
  let o = t.offset(at: p)
  let a = t.sourceOffset
  let b = t.targetOffset
  let rectA = rect.offsetBy(dx: a.x - o.x, dy: a.y - o.y)
  let rectB = rect.offsetBy(dx: b.x - o.x, dy: b.y - o.y)
  var out: [LayoutAttributes] = []
  let allA = t.from.allAttributes(at: t.fromState)
  let allB = t.to.allAttributes(at: t.toState)
  for x in allA {
    if let id = t.mapping.forward(x.id), let y = t.to.attributes(for: id, at: t.toState) {
      let presented = LayoutTransition<A, B>.interpolate(x, y, p)
      let endpoint = x.frame.intersects(rectA) || y.frame.intersects(rectB)
      if presented.frame.intersects(rect) && (endpoint || !requireEndpointRule) { out.append(presented) }
    } else {
      var presented = x
      presented.center = x.center + (o - a)
      presented.alpha = x.alpha * (1 - p)
      presented.extras.isLeaving = true
      if presented.frame.intersects(rect) && (x.frame.intersects(rectA) || !requireEndpointRule) {
        out.append(presented)
      }
    }
  }
  for y in allB {
    if let id = t.mapping.backward(y.id), t.from.attributes(for: id, at: t.fromState) != nil { continue }
    var presented = y
    presented.center = y.center + (o - b)
    presented.alpha = y.alpha * p
    if presented.frame.intersects(rect) && (y.frame.intersects(rectB) || !requireEndpointRule) {
      out.append(presented)
    }
  }
  return out
}

/// Whether two lists hold the same attributes, as multisets.
/// `attributes` without `extras.isLeaving` (which says where an element
/// came from, not where it is): for comparing what two transitions show.
func withoutProvenance(_ attributes: [LayoutAttributes]) -> [LayoutAttributes] {
  attributes.map {
    var copy = $0
    copy.extras.isLeaving = false
    return copy
  }
}

func sameElements(_ x: [LayoutAttributes], _ y: [LayoutAttributes]) -> Bool {
  guard x.count == y.count else { return false }
  var counts: [LayoutAttributes: Int] = [:]
  for e in x { counts[e, default: 0] += 1 }
  for e in y { counts[e, default: 0] -= 1 }
  return counts.values.allSatisfy { $0 == 0 }
}
