#if canImport(UIKit)
  import Foundation
  import LayoutCore
  import LayoutHost

  /// Writes every call a `ScrollworkLayout` receives as one JSON line in
  /// the format `scrollwork replay` reads (format 1, documented in the
  /// repository's `Guides/LayoutHost.md`), so a session captured on a
  /// device replays on Linux:
  ///
  /// ```swift
  /// let layout = ScrollworkLayout.carousel(.spotify)
  /// layout.recorder = LayoutCallRecorder { line in log.append(line) }
  /// ```
  @MainActor
  public final class LayoutCallRecorder {
    /// One recorded call.
    public enum Call {
      case prepare(bounds: Rect, counts: [Int])
      case elements(rect: Rect, bounds: Rect)
      case item(ElementID, bounds: Rect)
      case supplementary(ElementID, bounds: Rect)
      case shouldInvalidateForBoundsChange(Rect)
      case invalidationContextForBoundsChange(Rect)
      case invalidate(InvalidationContext)
      case shouldInvalidateForPreferredSize(ElementID, Size, bounds: Rect)
      case invalidationContextForPreferredSize(ElementID, Size, bounds: Rect)
      case prepareForUpdates([CollectionUpdate], counts: [Int], bounds: Rect)
      case initialForAppearing(ElementID)
      case finalForDisappearing(ElementID)
      case finalizeUpdates
      case targetContentOffset(Point, velocity: Point, dragStart: Point?)
      case targetContentOffsetForProposed(Point)
    }

    private let sink: (String) -> Void
    private var started = false

    /// A recorder that hands each line (without its line end) to `sink`.
    public init(sink: @escaping (String) -> Void) { self.sink = sink }

    /// A recorder that appends lines to the file at `url` (created if
    /// missing).
    public convenience init(appendingTo url: URL) throws {
      if !FileManager.default.fileExists(atPath: url.path) {
        FileManager.default.createFile(atPath: url.path, contents: nil)
      }
      let handle = try FileHandle(forWritingTo: url)
      handle.seekToEndOfFile()
      self.init { line in handle.write(Data((line + "\n").utf8)) }
    }

    /// Writes `call` (and the format line before the first call).
    public func record(_ call: Call) {
      if !started {
        started = true
        sink(#"{"format":1}"#)
      }
      sink(Self.line(call))
    }

    static func number(_ v: Double) -> String {
      guard v.isFinite else { return "0" }
      if v == v.rounded(), abs(v) < 1e15 { return String(Int(v)) }
      return String(v)
    }
    static func list(_ values: [Double]) -> String { "[" + values.map(number).joined(separator: ",") + "]" }
    static func rect(_ r: Rect) -> String { list([r.minX, r.minY, r.width, r.height]) }
    static func point(_ p: Point) -> String { list([p.x, p.y]) }
    static func path(_ id: ElementID) -> String { "[\(id.section),\(id.item)]" }
    static func string(_ s: String) -> String {
      var out = "\""
      for scalar in s.unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        default:
          if scalar.value < 0x20 {
            out += String(format: "\\u%04x", scalar.value)
          } else {
            out.unicodeScalars.append(scalar)
          }
        }
      }
      return out + "\""
    }
    static func kind(_ id: ElementID) -> String {
      if let kind = id.kind.supplementaryName { return #","kind":"# + string(kind) }
      return ""
    }

    static func update(_ u: CollectionUpdate) -> String {
      switch u {
      case .insertItem(let p): #"{"action":"insert","after":[\#(p.section),\#(p.item)]}"#
      case .deleteItem(let p): #"{"action":"delete","before":[\#(p.section),\#(p.item)]}"#
      case .reloadItem(let p): #"{"action":"reload","before":[\#(p.section),\#(p.item)]}"#
      case .moveItem(let a, let b):
        #"{"action":"move","before":[\#(a.section),\#(a.item)],"after":[\#(b.section),\#(b.item)]}"#
      case .insertSection(let s): #"{"action":"insertSection","after":\#(s)}"#
      case .deleteSection(let s): #"{"action":"deleteSection","before":\#(s)}"#
      case .reloadSection(let s): #"{"action":"reloadSection","before":\#(s)}"#
      case .moveSection(let a, let b): #"{"action":"moveSection","before":\#(a),"after":\#(b)}"#
      }
    }

    static func context(_ c: InvalidationContext) -> String {
      var supplementary: [String] = []
      for (kind, ids) in c.supplementaries.sorted(by: { $0.key < $1.key }) {
        supplementary.append(string(kind) + ":[" + ids.map(path).joined(separator: ",") + "]")
      }
      var text = #"{"everything":\#(c.invalidatesEverything)"#
      if c.invalidatesDataCounts { text += #","dataCounts":true"# }
      text += #","items":["# + c.items.map(path).joined(separator: ",") + "]"
      text += #","supplementary":{"# + supplementary.joined(separator: ",") + "}"
      text += #","contentOffsetAdjustment":"# + point(c.contentOffsetAdjustment)
      text += #","contentSizeAdjustment":"# + list([c.contentSizeAdjustment.width, c.contentSizeAdjustment.height])
      if let bounds = c.bounds { text += #","bounds":"# + rect(bounds) }
      return text + "}"
    }

    /// The JSON line of `call`.
    static func line(_ call: Call) -> String {
      switch call {
      case .prepare(let bounds, let counts):
        return
          #"{"call":"prepare","bounds":\#(rect(bounds)),"sections":[\#(counts.map(String.init).joined(separator: ","))]}"#
      case .elements(let r, let bounds):
        return #"{"call":"elements","bounds":\#(rect(bounds)),"rect":\#(rect(r))}"#
      case .item(let id, let bounds):
        return #"{"call":"item","bounds":\#(rect(bounds)),"indexPath":\#(path(id))}"#
      case .supplementary(let id, let bounds):
        return #"{"call":"supplementary","bounds":\#(rect(bounds))\#(kind(id)),"indexPath":\#(path(id))}"#
      case .shouldInvalidateForBoundsChange(let r):
        return #"{"call":"shouldInvalidateForBoundsChange","bounds":\#(rect(r))}"#
      case .invalidationContextForBoundsChange(let r):
        return #"{"call":"invalidationContextForBoundsChange","bounds":\#(rect(r))}"#
      case .invalidate(let c):
        return #"{"call":"invalidate","context":\#(context(c))}"#
      case .shouldInvalidateForPreferredSize(let id, let size, let bounds):
        return
          #"{"call":"shouldInvalidateForPreferredSize","bounds":\#(rect(bounds))\#(kind(id)),"indexPath":\#(path(id)),"preferredSize":\#(list([size.width, size.height]))}"#
      case .invalidationContextForPreferredSize(let id, let size, let bounds):
        return
          #"{"call":"invalidationContextForPreferredSize","bounds":\#(rect(bounds))\#(kind(id)),"indexPath":\#(path(id)),"preferredSize":\#(list([size.width, size.height]))}"#
      case .prepareForUpdates(let updates, let counts, let bounds):
        return
          #"{"call":"prepareForUpdates","bounds":\#(rect(bounds)),"updates":[\#(updates.map(update).joined(separator: ","))],"sections":[\#(counts.map(String.init).joined(separator: ","))]}"#
      case .initialForAppearing(let id):
        let name = id.kind == .cell ? "initialForAppearingItem" : "initialForAppearingSupplementary"
        return #"{"call":"\#(name)"\#(kind(id)),"indexPath":\#(path(id))}"#
      case .finalForDisappearing(let id):
        let name = id.kind == .cell ? "finalForDisappearingItem" : "finalForDisappearingSupplementary"
        return #"{"call":"\#(name)"\#(kind(id)),"indexPath":\#(path(id))}"#
      case .finalizeUpdates:
        return #"{"call":"finalizeUpdates"}"#
      case .targetContentOffset(let proposed, let velocity, let start):
        let drag = start.map { #","dragStart":"# + point($0) } ?? ""
        return #"{"call":"targetContentOffset","proposed":\#(point(proposed)),"velocity":\#(point(velocity))\#(drag)}"#
      case .targetContentOffsetForProposed(let proposed):
        return #"{"call":"targetContentOffsetForProposed","proposed":\#(point(proposed))}"#
      }
    }
  }
#endif
