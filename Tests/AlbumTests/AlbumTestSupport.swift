import Album
import GestureScripting
import LayoutCore
import ScrollPhysics
import ScrollworkTestSupport

/// Random photo sizes: aspect ratios from 1:5 to 5:1, a few without one.
func randomPhotos(_ n: Int, _ rng: inout SplitMix64) -> [Size] {
  (0..<n).map { _ in
    if rng.chance(0.02) { return Size(width: 0, height: 0) }
    let aspect = rng.double(in: 0.2...5)
    let height = rng.double(in: 100...4000)
    return Size(width: aspect * height, height: height)
  }
}

/// A random album size: 0, 1, a few, or up to 10,000 photos.
func randomCount(_ rng: inout SplitMix64) -> Int {
  switch rng.int(in: 0...9) {
  case 0: 0
  case 1: 1
  case 2: rng.int(in: 1_000...10_000)
  default: rng.int(in: 2...40)
  }
}

/// A random gesture script on both surfaces that ends with every finger up
/// and time to settle.
func randomScript(_ rng: inout SplitMix64, steps: Int, settle: Double = 8) -> String {
  var lines: [String] = []
  var down: Set<String> = []
  for _ in 0..<steps {
    let target = rng.chance(0.5) ? "pager" : "strip"
    switch rng.int(in: 0...9) {
    case 0...3:
      let dx = rng.double(in: -400...400)
      lines.append("\(target) drag \(dx) \(rng.double(in: 0.02...0.5))")
      down.insert(target)
    case 4:
      lines.append("\(target) hold \(rng.double(in: 0.01...0.2))")
      down.insert(target)
    case 5, 6:
      lines.append("\(target) release")
      down.remove(target)
    case 7: lines.append("wait \(rng.double(in: 0...0.6))")
    case 8:
      if !down.contains(target) { lines.append("\(target) tap") }
    default:
      guard !down.contains(target) else { break }
      if target == "strip" {
        let verb = rng.chance(0.5) ? "jump" : "scroll"
        lines.append("strip \(verb) \(rng.double(in: -300...3000)),0")
      } else {
        // Programmatic pager moves land on pages, as a paging pager does.
        lines.append("pager scroll \(Double(rng.int(in: -1...30)) * 390),0")
      }
    }
  }
  lines.append("pager release")
  lines.append("strip release")
  lines.append("wait \(settle)")
  return lines.joined(separator: "\n")
}

/// Runs `script` on `album`, starting at the album's current time, and
/// returns every frame.
func record(
  _ album: inout AlbumCoordinator, _ script: String, fps: Double = 60, attributes: Bool = true
) throws
  -> [AlbumFrame]
{
  var frames: [AlbumFrame] = []
  var driver = Continuing(album: album, start: album.time)
  try GestureScript(script).run(on: &driver, fps: fps) { driver, _ in
    frames.append(driver.album.frame(attributes: attributes))
  }
  album = driver.album
  return frames
}

/// An album whose script clock starts at `start` (scripts count from 0).
struct Continuing: GestureDriven {
  var album: AlbumCoordinator
  var start: Double

  mutating func touchDown(_ target: String?, at time: Double) throws(ScriptError) {
    try album.touchDown(target, at: start + time)
  }
  mutating func drag(_ target: String?, translation: Point, at time: Double) throws(ScriptError) {
    try album.drag(target, translation: translation, at: start + time)
  }
  mutating func release(_ target: String?, at time: Double) throws(ScriptError) {
    try album.release(target, at: start + time)
  }
  mutating func setContentOffset(
    _ target: String?, _ offset: Point, animated: Bool, at time: Double
  ) throws(ScriptError) {
    try album.setContentOffset(target, offset, animated: animated, at: start + time)
  }
  mutating func advance(to time: Double) { album.advance(to: start + time) }
}

/// The album position's nearest page, clamped, as the pager shows it.
func nearestPage(_ frame: AlbumFrame, _ album: AlbumCoordinator) -> Int? {
  let n = album.pager.count
  guard n > 0 else { return nil }
  return Int(clamp((frame.pagerOffset.x / album.pager.pageWidth).rounded(.toNearestOrEven), 0, Double(n - 1)))
}

/// How much the strip's geometry changed between two frames: the sum of
/// the changes of every width and gap (only unfolded cells change).
func geometryChange(_ a: AlbumFrame, _ b: AlbumFrame, _ album: AlbumCoordinator) -> Double {
  let strip = album.strip
  let u0 = strip.resolvedUnfolded(a.stripState)
  let u1 = strip.resolvedUnfolded(b.stripState)
  var total = 0.0
  for k in Set(u0.map(\.index) + u1.map(\.index)) {
    let d = abs((u0.first { $0.index == k }?.amount ?? 0) - (u1.first { $0.index == k }?.amount ?? 0))
    total += d * (strip.unfoldedWidth(k) - strip.layout.normalWidth)
    total += 2 * d * abs(strip.layout.fullSpacing - strip.layout.normalSpacing)
  }
  return total
}

/// Whether every number in the frame is finite.
func isFinite(_ f: AlbumFrame) -> Bool {
  f.pagerOffset.isFinite && f.stripOffset.isFinite && f.position.isFinite && f.progress.isFinite
    && (f.pagerPosition?.fraction.isFinite ?? true) && f.pagerAttributes.allSatisfy { $0.isFinite }
    && f.stripAttributes.allSatisfy { $0.isFinite } && f.stripState.unfolded.allSatisfy { $0.amount.isFinite }
}

/// The largest distance between the two frames' strip cells (on screen),
/// pager cells, and offsets.
func largestDifference(_ a: AlbumFrame, _ b: AlbumFrame) -> Double {
  var worst = Swift.max(abs(a.pagerOffset.x - b.pagerOffset.x), abs(a.stripOffset.x - b.stripOffset.x))
  func compare(_ x: [LayoutAttributes], _ y: [LayoutAttributes], _ ox: Double, _ oy: Double) {
    let ys = Dictionary(uniqueKeysWithValues: y.map { ($0.id, $0) })
    for p in x {
      guard let q = ys[p.id] else { continue }
      worst = Swift.max(worst, abs((p.frame.minX - ox) - (q.frame.minX - oy)), abs(p.size.width - q.size.width))
    }
  }
  compare(a.stripAttributes, b.stripAttributes, a.stripOffset.x, b.stripOffset.x)
  compare(a.pagerAttributes, b.pagerAttributes, a.pagerOffset.x, b.pagerOffset.x)
  return worst
}
