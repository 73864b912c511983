import LayoutCore
import ScrollPhysics

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads `argument` as a file when one exists at that path, else as text.
func loadScriptText(_ argument: String) throws -> String {
  guard !argument.contains(";"), !argument.contains("\n"), let file = fopen(argument, "r") else { return argument }
  defer { fclose(file) }
  var bytes: [UInt8] = []
  var buffer = [UInt8](repeating: 0, count: 4096)
  while true {
    let n = fread(&buffer, 1, buffer.count, file)
    if n <= 0 { break }
    bytes.append(contentsOf: buffer[0..<n])
    if bytes.count > 1 << 20 { throw CLIError("script file '\(argument)' is larger than 1 MiB") }
  }
  return String(decoding: bytes, as: UTF8.self)
}

/// Reads the script file at `path`.
func loadScriptFile(_ path: String) throws -> String {
  guard let file = fopen(path, "r") else { throw CLIError("cannot read script file '\(path)'") }
  defer { fclose(file) }
  var bytes: [UInt8] = []
  var buffer = [UInt8](repeating: 0, count: 4096)
  while true {
    let n = fread(&buffer, 1, buffer.count, file)
    if n <= 0 { break }
    bytes.append(contentsOf: buffer[0..<n])
    if bytes.count > 1 << 20 { throw CLIError("script file '\(path)' is larger than 1 MiB") }
  }
  return String(decoding: bytes, as: UTF8.self)
}

/// An error the CLI reports as `Error: message` with a non-zero exit.
struct CLIError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}

/// Prints a layout's attributes as `scrollwork inspect` documents.
enum Inspector {
  static func report<P: PreparedLayout>(
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
enum Simulator {
  static func run<P: PreparedLayout>(
    name: String, _ prepared: P, state: P.State, options: SimulateOptions, defaultRate: DecelerationRate = .normal
  ) throws {
    let script = try options.gestureScript()
    var scroller = LayoutScroller(
      layout: prepared, state: state, configuration: options.configuration(defaultRate: defaultRate))
    let withElements = options.elements
    try script.run(on: &scroller, fps: options.fps) { scroller, time in
      print(frameJSON(time: time, scroller: &scroller, elements: withElements))
    }
  }

  static func frameJSON<P: PreparedLayout>(time: Double, scroller: inout LayoutScroller<P>, elements: Bool) -> String {
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
