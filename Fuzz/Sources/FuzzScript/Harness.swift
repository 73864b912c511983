import FuzzSupport
import GestureScripting
import LayoutCore
import PhotoGrid
import ScrollPhysics

/// The gesture-script parser (with the photo grid's declared verbs) and
/// runner, on arbitrary text: parsing
/// either succeeds or throws a `ScriptError`; a parsed script either runs
/// or throws before its first step; every frame's offset and velocity are
/// finite.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScript(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  guard let data else { return 0 }
  let bytes = UnsafeBufferPointer(start: data, count: size)
  let text = String(decoding: bytes, as: UTF8.self)
  let script: GestureScript
  do {
    // With the photo grid's verbs: their parsers are fuzzed too.
    script = try GestureScript(text, verbs: PhotoGridSession.verbs)
  } catch {
    if error.description.isEmpty { fuzzFail("empty message") }
    return 0
  }
  for fps in [30.0, 1e300, .nan] {
    do {
      let marks = try script.tickMarks(fps: fps)
      if marks != marks.sorted() { fuzzFail("tick marks decrease") }
      if let last = marks.last, last > GestureScript.maximumFrames { fuzzFail("limit passed") }
    } catch {
      continue
    }
  }
  // Run only what is cheap: a long script has been checked above.
  guard let frames = try? script.frameCount(fps: 30), frames <= 3000 else { return 0 }
  guard
    let layout = try? CarouselLayout(itemSize: Size(width: 100, height: 100)).prepare(
      items: LayoutItems(count: 40, size: Size(width: 1, height: 1)), viewport: Viewport(width: 300, height: 100))
  else { fuzzFail("preset does not prepare") }
  var scroller = LayoutScroller(layout: layout, state: ScrollState())
  do {
    try script.run(on: &scroller, fps: 30) { s, time in
      let surface = s.surface
      if !(surface.contentOffset.isFinite && surface.velocity.isFinite && time.isFinite) {
        fuzzFail("non-finite frame at \(time): \(surface.contentOffset) \(surface.velocity)")
      }
    }
  } catch {
    // Unknown targets: typed errors.
  }
  return 0
}
