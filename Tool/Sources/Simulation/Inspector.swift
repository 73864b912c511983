import GestureScripting
import PhotoGrid
import ToolSupport
import LayoutCore
import Raster
import ScrollPhysics
import ToolOutput

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The layout verbs every script is parsed with: each verb a layout's
/// driver declares (the photo grid's `mode`, `pinch`, `insert`, `delete`),
/// so that another layout's driver refuses one by name.
/// `RegistryTests` holds it to the verbs the tool's layouts declare.
package enum ScriptVerbs {
  package static var all: [LayoutVerb] { PhotoGridSession.verbs }
}

/// What a `simulate` run takes besides its layout: the script, where it
/// starts, the frame rate, what each line prints and how the scroll view
/// behaves.
package struct SimulationRun {
  /// The gesture script, parsed when the run starts (after the layout is
  /// prepared, so that a bad layout is reported first).
  package var gestures: () throws -> GestureScript
  /// `--offset`.
  package var offset: Point
  /// Frames per second, 1…1000.
  package var fps: Double
  /// Whether each line lists the visible elements.
  package var elements: Bool
  /// The viewport the layout is prepared for.
  package var viewport: Viewport
  /// Page by the viewport size.
  package var paging = false
  /// The deceleration rate given, or `nil` for the layout's own.
  package var deceleration: DecelerationRate? = nil
  /// Rubber-band past the edges.
  package var bounces = true

  /// A run of `gestures` from `offset` at `fps` frames a second.
  package init(
    gestures: @escaping () throws -> GestureScript, offset: Point, fps: Double, elements: Bool, viewport: Viewport
  ) {
    self.gestures = gestures
    self.offset = offset
    self.fps = fps
    self.elements = elements
    self.viewport = viewport
  }

  /// The scroll view's behaviour, with `defaultRate` unless a rate was given.
  package func configuration(defaultRate: DecelerationRate = .normal) -> ScrollConfiguration {
    ScrollConfiguration(decelerationRate: deceleration ?? defaultRate, isPagingEnabled: paging, bounces: bounces)
  }

  /// The script, parsed.
  package func gestureScript() throws -> GestureScript { try gestures() }
}

/// The text of a `--script` argument: the argument itself, or a file's
/// contents when the argument names one.
///
/// The argument is script text when it holds a `;` or a line break, or
/// when it parses as a script (`release`, `wait 1` are steps even if files
/// of those names exist). Otherwise it is a file when something exists at
/// that path (read with `loadScriptFile`, which names what is wrong: a
/// folder, a FIFO, a loop of links). When nothing does: text with a space
/// is a script step, returned for the parser to report (its step and
/// column); a single word that looks like a path (a `/` or a `.`) is
/// reported both ways (no such file, and the parser's message); any other
/// word is returned as text, for the parser to report.
package func loadScriptText(_ argument: String) throws -> String {
  if argument.contains(";") || argument.contains(where: \.isNewline) { return argument }
  if (try? GestureScript(argument, verbs: ScriptVerbs.all)) != nil { return argument }
  var info = stat()
  if lstat(argument, &info) == 0 { return try loadScriptFile(argument) }
  // No file of that name. A step with arguments (it holds a space) is script
  // text: its parser's message names the step and the column at fault.
  if argument.contains(where: \.isWhitespace) { return argument }
  if argument.contains("/") || argument.contains(".") {
    // A word that may be either: both readings are reported.
    do {
      _ = try GestureScript(argument, verbs: ScriptVerbs.all)
    } catch {
      throw ScriptError.unreadable(path: argument, reason: "no such file, and as a script: \(error)")
    }
  }
  return argument
}

/// The most bytes a script file may hold (1 MiB).
package let maximumScriptFileBytes = GestureScript.maximumTextLength

/// Reads a gesture script from the file at `path` (for an explicit
/// `--script-file`): a regular file of at most 1 MiB of UTF-8 text; CRLF
/// line ends and a byte-order mark are fine (the parser accepts them).
///
/// - Throws: `ScriptError.unreadable` naming what is wrong: no such file,
///   a folder, a FIFO or device (never opened for a blocking read), a loop
///   of symbolic links, a dangling link, no permission, too large, not
///   UTF-8.
package func loadScriptFile(_ path: String) throws -> String {
  guard !path.isEmpty else { throw ScriptError.unreadable(path: path, reason: "the path is empty") }
  let bytes: [UInt8]
  do throws(FileReadError) {
    bytes = try RegularFile.read(path, limit: maximumScriptFileBytes)
  } catch {
    throw ScriptError.unreadable(path: path, reason: error.description)
  }
  guard let text = String(validating: bytes, as: UTF8.self) else {
    throw ScriptError.unreadable(path: path, reason: "it is not UTF-8 text")
  }
  return text
}

/// Prints a layout's attributes as `scrollwork inspect` documents.
package enum Inspector {
  package static func report<P: PreparedLayout>(
    name: String, _ prepared: P, state: P.State, all: Bool, extra: [(String, String)] = []
  ) -> String {
    var state = state
    state.contentOffset = state.contentOffset.sanitized
    let elements = (all ? prepared.allAttributes(at: state) : prepared.visibleAttributes(at: state)).sorted {
      $0.id < $1.id
    }
    var o = JSONObject()
    o.add("layout", name)
    o.add("viewport", prepared.viewport.size)
    o.add("offset", state.contentOffset)
    o.add("contentSize", prepared.contentSize(at: state))
    let inset = prepared.contentInset(at: state)
    o.add("contentInset", [inset.top, inset.left, inset.bottom, inset.right])
    for (key, raw) in extra { o.add(key, raw: raw) }
    o.add("elements", raw: "[" + elements.map(\.json).joined(separator: ",") + "]")
    return o.text
  }
}

/// Runs a gesture script on one layout and prints a JSON line per frame.
package enum Simulator {
  package static func run<P: PreparedLayout>(
    name: String, _ prepared: P, state: P.State, options: SimulationRun, defaultRate: DecelerationRate = .normal
  ) throws {
    let script = try options.gestureScript()
    var state = state
    var scroller = LayoutScroller(
      layout: prepared, state: state, configuration: options.configuration(defaultRate: defaultRate))
    let start = startingOffset(state.contentOffset, on: scroller.surface)
    if start != state.contentOffset {
      state.contentOffset = start
      scroller = LayoutScroller(
        layout: prepared, state: state, configuration: options.configuration(defaultRate: defaultRate))
    }
    let withElements = options.elements
    try script.run(on: &scroller, fps: options.fps) { scroller, time in
      print(frameJSON(time: time, scroller: &scroller, elements: withElements))
    }
  }

  /// `simulate` for a layout that takes `--estimated` (flow, sticky,
  /// waterfall): without `estimate`, `items` prepared and scrolled as
  /// `run(name:_:state:options:)` does; with it, the layout prepared from
  /// the estimate (`EstimatingLayout.prepare(items:estimate:viewport:)`)
  /// and scrolled by `runSelfSizing`, each cell measured as its size in
  /// `items` when it comes into view.
  package static func run<L: EstimatingLayout>(
    name: String, _ layout: L, items: LayoutItems, estimate: Size?, options: SimulationRun
  ) throws where L.Prepared.State == ScrollState {
    let prepared = try layout.prepare(items: items, estimate: estimate, viewport: options.viewport)
    guard estimate != nil else {
      try run(name: name, prepared, state: ScrollState(contentOffset: options.offset), options: options)
      return
    }
    try runSelfSizing(
      prepared, offset: options.offset, gestures: options.gestureScript(), fps: options.fps,
      elements: options.elements, configuration: options.configuration(), measure: { id, _ in items.size(of: id) })
  }

  /// Runs a gesture script on a layout prepared from estimates: each frame
  /// the `SelfSizingScroller` measures what comes into view (`measure`
  /// gives an element's real size), holds the anchor, and a JSON line
  /// reports the offset, the anchor and its screen position along the
  /// scroll axis (`anchorScreenY`, or `anchorScreenX` for a horizontal
  /// layout), the correction, how many elements were measured, whether the
  /// offset was clamped, the events and, with `elements`, the visible
  /// elements (`elementJSON`). One printer for every estimating layout.
  package static func runSelfSizing<L: SelfSizingLayout>(
    _ layout: L, offset: Point, gestures: GestureScript, fps: Double, elements withElements: Bool,
    configuration: ScrollConfiguration = ScrollConfiguration(), measure: (ElementID, Double) -> Size?,
    elementJSON: (LayoutAttributes) -> String = \.json
  ) throws {
    var scroller = SelfSizingScroller(layout: layout, offset: offset, configuration: configuration)
    let start = startingOffset(offset, on: scroller.surface)
    if start != offset {
      scroller = SelfSizingScroller(layout: layout, offset: start, configuration: configuration)
    }
    let screenKey = layout.scrollAxis == .horizontal ? "anchorScreenX" : "anchorScreenY"
    var visible: [LayoutAttributes] = []
    try gestures.run(on: &scroller, fps: fps) { scroller, time in
      visible.removeAll(keepingCapacity: true)
      let frame = scroller.layoutFrame(measure: measure, into: &visible)
      var o = JSONObject()
      o.add("time", time)
      o.add("offset", frame.offset)
      o.add("velocity", scroller.surface.velocity)
      o.add("phase", scroller.surface.phase.rawValue)
      switch frame.anchor {
      case .element(let id, _): o.add("anchor", raw: "[\(id.section),\(id.item)]")
      case .offset: o.add("anchor", "offset")
      case .bottom: o.add("anchor", "bottom")
      }
      if let position = frame.anchorScreenPosition { o.add(screenKey, position) }
      o.add("correction", frame.correction)
      o.add("measured", frame.measured)
      o.add("clamped", frame.clamped)
      o.add("events", raw: "[" + scroller.drainEvents().map { JSONWriter.string($0.name) }.joined(separator: ",") + "]")
      if withElements {
        let sorted = visible.sorted { $0.id < $1.id }
        o.add("elements", raw: "[" + sorted.map(elementJSON).joined(separator: ",") + "]")
      }
      print(o.text)
    }
  }

  /// Where a simulation starts: `requested` (`--offset`) when the scroll
  /// view can rest there, otherwise the nearest offset in its scroll range,
  /// with a note on standard error naming `--offset`, the range and where
  /// it starts (a documented clamp, never a silent one).
  package static func startingOffset(_ requested: Point, on surface: ScrollSurface) -> Point {
    let start = surface.clamped(requested)
    guard start != requested else { return start }
    let n = JSONWriter.number
    let (low, high) = (surface.minOffset, surface.maxOffset)
    warn(
      "note: --offset \(n(requested.x)),\(n(requested.y)) is outside this content's scroll range "
        + "(x \(n(low.x))…\(n(high.x)), y \(n(low.y))…\(n(high.y))); starting at \(n(start.x)),\(n(start.y))")
    return start
  }

  package static func frameJSON<P: PreparedLayout>(
    time: Double, scroller: inout LayoutScroller<P>, elements: Bool
  ) -> String {
    var o = JSONObject()
    o.add("time", time)
    o.add("offset", scroller.surface.contentOffset)
    o.add("velocity", scroller.surface.velocity)
    o.add("phase", scroller.surface.phase.rawValue)
    o.add("events", raw: "[" + scroller.drainEvents().map { JSONWriter.string($0.name) }.joined(separator: ",") + "]")
    if elements {
      let visible = scroller.visibleAttributes.sorted { $0.id < $1.id }
      o.add("elements", raw: "[" + visible.map(\.json).joined(separator: ",") + "]")
    }
    return o.text
  }
}
