import HostRecording
import LayoutCore
import LayoutHost
import ToolOutput
import ToolSupport

/// Replays UIKit's calls on a host and prints one JSON line per call
/// (Guides/LayoutHost.md has the format; `HostRecording` reads it and
/// applies each call): this type only reads lines and prints answers.
package struct Replayer {
  package var replay: HostReplay

  /// A replayer of calls on `host`; a `transition` call's `to` (a layout
  /// name and its replay options) is made into a host by `makeHost`.
  package init(host: any LayoutHosting, makeHost: @escaping (String) throws -> any LayoutHosting) {
    replay = HostReplay(host: host, makeHost: makeHost)
  }

  /// Replays the calls in `path` (`-`: standard input) and prints the
  /// answers; returns the number of lines that failed.
  package static func run(
    host: any LayoutHosting, calls path: String, makeHost: @escaping (String) throws -> any LayoutHosting
  ) throws -> Int {
    let text: String
    if path == "-" {
      // As a file is read: 16 MiB at most, UTF-8 only, and a closed,
      // write-only or folder standard input is an error, not an empty run.
      text = try TextFile.readStandardInput(option: "--calls")
    } else {
      text = try TextFile.read(path, option: "--calls")
    }
    var replayer = Replayer(host: host, makeHost: makeHost)
    var failures = 0
    // "\r\n" is one Character in Swift: both line ends split.
    let lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
    // Answers are written as they are made, a chunk at a time: an
    // `elements` call over millions of items never holds its whole text.
    var chunk = ""
    for (index, line) in lines.enumerated() {
      if line.allSatisfy(\.isWhitespace) { continue }
      let failed = replayer.stream(String(line), number: index + 1) { piece in
        chunk += piece
        if chunk.utf8.count >= 1 << 16 {
          print(chunk, terminator: "")
          chunk = ""
        }
      }
      chunk += "\n"
      if failed { failures += 1 }
    }
    print(chunk, terminator: "")
    return failures
  }

  /// The answer to one line, and whether it failed.
  package mutating func answer(_ line: String, number: Int) -> (text: String, failed: Bool) {
    var text = ""
    let failed = stream(line, number: number) { text += $0 }
    return (text, failed)
  }

  /// Writes the answer to one line through `write` in pieces (a list of
  /// elements one element at a time, as the replay hands them over: an
  /// `elements` call over millions of items is never held whole) and
  /// returns whether it failed.
  package mutating func stream(_ line: String, number: Int, write: (String) -> Void) -> Bool {
    var o = JSONObject()
    o.add("line", number)
    let call: HostCall
    do throws(HostCallError) {
      switch try HostLine(jsonLine: line) {
      case .header(let format, let defersSettle):
        o.add("format", format)
        if defersSettle {
          // The recorded host left the settle to its shell: answer as it did.
          replay.defersSettle = true
          o.add("defersSettle", true)
        }
        write(o.text)
        return false
      case .call(let read): call = read
      }
    } catch {
      if let name = error.call { o.add("call", name) }
      if case .unknownFormat(let format) = error.reason { o.add("format", format) }
      o.add("error", error.message)
      o.add("field", error.field)
      write(o.text)
      return true
    }
    o.add("call", call.name)
    var listed: Int?  // elements written so far, when the answer has a list
    do throws(HostReplayError) {
      try replay.apply(
        call,
        head: { answer in
          Self.add(answer, to: &o)
          switch answer {
          case .elements, .transition:
            var text = o.text
            text.removeLast()  // the closing brace: the elements follow
            write(text + ",\"elements\":[")
            listed = 0
          default:
            write(o.text)
          }
        },
        element: { a in
          write(listed == 0 ? a.replayJSON : "," + a.replayJSON)
          listed? += 1
        })
    } catch {
      var e = JSONObject()
      e.add("line", number)
      e.add("call", call.name)
      e.add("error", error.message)
      e.add("field", error.field)
      write(e.text)
      return true
    }
    if listed != nil { write("]}") }
    return false
  }

  /// Adds `answer`'s fields but its elements (`stream` writes those last).
  package static func add(_ answer: HostAnswer, to o: inout JSONObject) {
    switch answer {
    case .prepared(let again, let contentSize):
      o.add("prepared", again)
      o.add("contentSize", contentSize)
    case .contentSize(let size): o.add("contentSize", size)
    case .elements: break
    case .attributes(let found): o.add("attributes", raw: found?.replayJSON ?? "null")
    case .invalidate(let invalidates): o.add("invalidate", invalidates)
    case .context(let context): o.add("context", raw: context.replayJSON)
    case .bounds(let b): o.add("bounds", [b.minX, b.minY, b.width, b.height])
    case .updated(let contentSize, let target, let anchor):
      o.add("contentSize", contentSize)
      o.add("targetContentOffset", target)
      if let anchor { o.add("anchor", [Double(anchor.section), Double(anchor.item)]) }
    case .offset(let offset): o.add("offset", offset)
    case .transition(let progress, let presented, let target, _):
      o.add("progress", progress)
      o.add("presentedOffset", presented)
      o.add("targetOffset", target)
    case .finished(let completed, let offset):
      o.add("completed", completed)
      o.add("offset", offset)
    case .none: break
    }
  }
}

extension LayoutAttributes {
  /// The attributes as a replay answer prints them: kind, index path,
  /// untransformed frame, transform, alpha, z-index.
  package var replayJSON: String {
    var o = JSONObject()
    o.add("kind", id.kind.name)
    o.add("indexPath", [Double(id.section), Double(id.item)])
    let f = frame
    o.add("frame", [f.minX, f.minY, f.width, f.height])
    let t = transform
    o.add("transform", [t.a, t.b, t.c, t.d, t.tx, t.ty])
    o.add("alpha", alpha)
    o.add("zIndex", zIndex)
    return o.text
  }
}

extension InvalidationContext {
  /// The context as the replay prints (and `invalidate` reads) it.
  package var replayJSON: String {
    var o = JSONObject()
    o.add("everything", invalidatesEverything)
    if invalidatesDataCounts { o.add("dataCounts", true) }
    o.add("items", raw: "[" + items.map { "[\($0.section),\($0.item)]" }.joined(separator: ",") + "]")
    var s = JSONObject()
    for (kind, ids) in supplementaries.sorted(by: { $0.key < $1.key }) {
      s.add(kind, raw: "[" + ids.map { "[\($0.section),\($0.item)]" }.joined(separator: ",") + "]")
    }
    o.add("supplementary", raw: s.text)
    o.add("contentOffsetAdjustment", contentOffsetAdjustment)
    o.add("contentSizeAdjustment", contentSizeAdjustment)
    if let bounds { o.add("bounds", [bounds.minX, bounds.minY, bounds.width, bounds.height]) }
    return o.text
  }
}
