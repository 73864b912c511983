import Foundation
import LayoutCore
import LayoutHost
import Testing
import ScrollworkTestSupport

@testable import HostRecording

/// The replay format: every call written and read back, random calls, the
/// numbers and strings, the non-finite rule, a typed error per malformed
/// field, the format versions.
@Suite struct HostCallFormatTests {
  static let bounds = Rect(x: 0, y: 300, width: 390, height: 844)
  static let header = ElementID(kind: .header, section: 1, item: 0)

  static var context: InvalidationContext {
    var c = InvalidationContext(reason: .preferredSize)
    c.elements = [.cell(2, section: 0), .cell(3, section: 0), header].sorted()
    c.contentOffsetAdjustment = Point(x: 0, y: 6)
    c.contentSizeAdjustment = Size(width: 0, height: 6.5)
    c.bounds = Rect(x: 0, y: 4006, width: 390, height: 844)
    return c
  }

  /// One call of each kind, with the line the writer writes for it.
  static let canonical: [(HostCall, String)] = [
    (.prepare(bounds: bounds, counts: [40, 25]), #"{"call":"prepare","bounds":[0,300,390,844],"sections":[40,25]}"#),
    (.contentSize(), #"{"call":"contentSize"}"#),
    (.contentSize(bounds: bounds), #"{"call":"contentSize","bounds":[0,300,390,844]}"#),
    (
      .elements(rect: Rect(x: 0, y: 0, width: 390.5, height: 0.1), bounds: nil),
      #"{"call":"elements","rect":[0,0,390.5,0.1]}"#
    ),
    (.elements(rect: nil, bounds: bounds), #"{"call":"elements","bounds":[0,300,390,844]}"#),
    (.item(.cell(3, section: 0), bounds: bounds), #"{"call":"item","bounds":[0,300,390,844],"indexPath":[0,3]}"#),
    (.item(.cell(-1, section: 7), bounds: nil), #"{"call":"item","indexPath":[7,-1]}"#),
    (.supplementary(header, bounds: nil), #"{"call":"supplementary","kind":"header","indexPath":[1,0]}"#),
    (.shouldInvalidateForBoundsChange(bounds), #"{"call":"shouldInvalidateForBoundsChange","bounds":[0,300,390,844]}"#),
    (
      .invalidationContextForBoundsChange(bounds),
      #"{"call":"invalidationContextForBoundsChange","bounds":[0,300,390,844]}"#
    ),
    (.invalidate(nil), #"{"call":"invalidate"}"#),
    (
      .invalidate(.everything(.configuration, dataCounts: true)),
      #"{"call":"invalidate","context":{"everything":true,"dataCounts":true,"items":[],"supplementary":{},"#
        + #""contentOffsetAdjustment":[0,0],"contentSizeAdjustment":[0,0]}}"#
    ),
    (
      .invalidate(context, bounds: bounds),
      #"{"call":"invalidate","bounds":[0,300,390,844],"context":{"everything":false,"items":[[0,2],[0,3]],"#
        + #""supplementary":{"header":[[1,0]]},"contentOffsetAdjustment":[0,6],"contentSizeAdjustment":[0,6.5],"#
        + #""bounds":[0,4006,390,844],"reason":"preferredSize"}}"#
    ),
    (
      .shouldInvalidateForPreferredSize(.cell(3), Size(width: 120, height: 48), bounds: nil),
      #"{"call":"shouldInvalidateForPreferredSize","indexPath":[0,3],"preferredSize":[120,48]}"#
    ),
    (
      .invalidationContextForPreferredSize(header, Size(width: 390, height: 44.25), bounds: bounds),
      #"{"call":"invalidationContextForPreferredSize","bounds":[0,300,390,844],"kind":"header","indexPath":[1,0],"#
        + #""preferredSize":[390,44.25]}"#
    ),
    (
      .prepareForUpdates(
        [
          .deleteItem(ItemPath(section: 0, item: 0)), .insertItem(ItemPath(section: 0, item: 5)),
          .reloadItem(ItemPath(section: 1, item: 2)),
          .moveItem(from: ItemPath(section: 0, item: 1), to: ItemPath(section: 1, item: 0)), .insertSection(2),
          .deleteSection(3), .reloadSection(4), .moveSection(from: 5, to: 6),
        ], counts: [40, 25, 3], bounds: nil),
      #"{"call":"prepareForUpdates","updates":[{"action":"delete","before":[0,0]},{"action":"insert","after":[0,5]},"#
        + #"{"action":"reload","before":[1,2]},{"action":"move","before":[0,1],"after":[1,0]},"#
        + #"{"action":"insertSection","after":2},{"action":"deleteSection","before":3},"#
        + #"{"action":"reloadSection","before":4},{"action":"moveSection","before":5,"after":6}],"sections":[40,25,3]}"#
    ),
    (.initialForAppearing(.cell(5)), #"{"call":"initialForAppearingItem","indexPath":[0,5]}"#),
    (
      .initialForAppearing(header, bounds: bounds),
      #"{"call":"initialForAppearingSupplementary","bounds":[0,300,390,844],"kind":"header","indexPath":[1,0]}"#
    ),
    (.finalForDisappearing(.cell(0)), #"{"call":"finalForDisappearingItem","indexPath":[0,0]}"#),
    (.finalForDisappearing(header), #"{"call":"finalForDisappearingSupplementary","kind":"header","indexPath":[1,0]}"#),
    (.finalizeUpdates, #"{"call":"finalizeUpdates"}"#),
    (
      .targetContentOffset(Point(x: 0, y: 1234), velocity: Point(x: 0, y: -800), dragStart: nil),
      #"{"call":"targetContentOffset","proposed":[0,1234],"velocity":[0,-800]}"#
    ),
    (
      .targetContentOffset(Point(x: 410, y: 0), velocity: Point(x: 900, y: 0), dragStart: Point(x: 60, y: 0)),
      #"{"call":"targetContentOffset","proposed":[410,0],"velocity":[900,0],"dragStart":[60,0]}"#
    ),
    (
      .targetContentOffsetForProposed(Point(x: 0, y: 1234)),
      #"{"call":"targetContentOffsetForProposed","proposed":[0,1234]}"#
    ),
    (
      .transition(to: "photos --mode columns:5", progress: 0.5, anchor: Point(x: 120, y: 400)),
      #"{"call":"transition","to":"photos --mode columns:5","progress":0.5,"anchor":[120,400]}"#
    ),
    (.transition(to: nil, progress: 0.9, anchor: nil), #"{"call":"transition","progress":0.9}"#),
    (.finishTransition(completed: false), #"{"call":"finishTransition","completed":false}"#),
    (.finishTransition(completed: nil), #"{"call":"finishTransition"}"#),
  ]

  @Test func everyKindOfCallWritesItsLineAndReadsBack() throws {
    var names: Set<String> = []
    for (call, line) in Self.canonical {
      #expect(call.jsonLine == line)
      #expect(try HostCall(jsonLine: line) == call, "\(line)")
      #expect(try HostLine(jsonLine: line) == .call(call))
      names.insert(call.name)
    }
    #expect(names == Set(HostCall.names), "every call name has a canonical line")
  }

  /// A random call of any kind, every value one the reader takes.
  static func randomCall(_ rng: inout SplitMix64) -> HostCall {
    func number() -> Double {
      switch Int.random(in: 0..<5, using: &rng) {
      case 0: Double(Int.random(in: -2000...2000, using: &rng))
      case 1: Double.random(in: -1e6...1e6, using: &rng)
      case 2: Double.random(in: -1...1, using: &rng) * LayoutLimits.maximumExtent
      case 3:
        [0, -0.0, 0.1, 1e-300, .leastNonzeroMagnitude, 1e14 + 0.5, LayoutLimits.maximumExtent].randomElement(
          using: &rng)!
      default: Double.random(in: 0...1, using: &rng)
      }
    }
    func size() -> Size { Size(width: abs(number()), height: abs(number())) }
    func point() -> Point { Point(x: number(), y: number()) }
    func rect() -> Rect { Rect(origin: point(), size: size()) }
    func maybe<T>(_ make: () -> T) -> T? { Bool.random(using: &rng) ? make() : nil }
    func int() -> Int {
      Int.random(in: 0..<4, using: &rng) == 0
        ? [Int.min, Int.max, -1].randomElement(using: &rng)! : Int.random(in: 0...500, using: &rng)
    }
    func counts() -> [Int] { (0..<Int.random(in: 0...4, using: &rng)).map { _ in int() } }
    let kinds = [
      "header", "footer", "a \"quoted\" kind", "back\\slash", "line\nbreak\t\u{1}", "ünïcödé ✓ 📷",
      "averyveryverylongkindname",
    ]
    func id(cell: Bool) -> ElementID {
      cell
        ? .cell(int(), section: int())
        : ElementID(kind: .supplementary(kinds.randomElement(using: &rng)!), section: int(), item: int())
    }
    func anyID() -> ElementID { id(cell: Bool.random(using: &rng)) }
    func path() -> ItemPath { ItemPath(section: int(), item: int()) }
    func context() -> InvalidationContext {
      let reasons: [InvalidationContext.Reason] = [.boundsChange, .preferredSize, .dataChange, .configuration]
      var c = InvalidationContext(reason: reasons.randomElement(using: &rng)!)
      c.invalidatesEverything = Bool.random(using: &rng)
      c.invalidatesDataCounts = Bool.random(using: &rng)
      c.elements = Array(Set((0..<Int.random(in: 0...6, using: &rng)).map { _ in anyID() })).sorted()
      c.contentOffsetAdjustment = point()
      c.contentSizeAdjustment = Size(width: number(), height: number())
      c.bounds = maybe(rect)
      return c
    }
    func update() -> CollectionUpdate {
      switch Int.random(in: 0..<8, using: &rng) {
      case 0: .insertItem(path())
      case 1: .deleteItem(path())
      case 2: .reloadItem(path())
      case 3: .moveItem(from: path(), to: path())
      case 4: .insertSection(int())
      case 5: .deleteSection(int())
      case 6: .reloadSection(int())
      default: .moveSection(from: int(), to: int())
      }
    }
    switch Int.random(in: 0..<18, using: &rng) {
    case 0: return .prepare(bounds: rect(), counts: counts())
    case 1: return .contentSize(bounds: maybe(rect))
    case 2: return .elements(rect: maybe(rect), bounds: maybe(rect))
    case 3: return .item(id(cell: true), bounds: maybe(rect))
    case 4: return .supplementary(id(cell: false), bounds: maybe(rect))
    case 5: return .shouldInvalidateForBoundsChange(rect())
    case 6: return .invalidationContextForBoundsChange(rect())
    case 7: return .invalidate(maybe(context), bounds: maybe(rect))
    case 8: return .shouldInvalidateForPreferredSize(anyID(), size(), bounds: maybe(rect))
    case 9: return .invalidationContextForPreferredSize(anyID(), size(), bounds: maybe(rect))
    case 10:
      return .prepareForUpdates(
        (0..<Int.random(in: 0...5, using: &rng)).map { _ in update() }, counts: counts(), bounds: maybe(rect))
    case 11: return .initialForAppearing(anyID(), bounds: maybe(rect))
    case 12: return .finalForDisappearing(anyID(), bounds: maybe(rect))
    case 13: return .finalizeUpdates
    case 14: return .targetContentOffset(point(), velocity: point(), dragStart: maybe(point), bounds: maybe(rect))
    case 15: return .targetContentOffsetForProposed(point(), bounds: maybe(rect))
    case 16:
      return .transition(
        to: maybe { kinds.randomElement(using: &rng)! }, progress: maybe { Double.random(in: 0...1, using: &rng) },
        anchor: maybe(point), bounds: maybe(rect))
    default:
      return .finishTransition(completed: maybe { Bool.random(using: &rng) }, bounds: maybe(rect))
    }
  }

  @Test(arguments: 0..<8)
  func randomCallsRoundTrip(seed: Int) throws {
    var rng = SplitMix64(seed: 0x5C20_11D0 &+ UInt64(seed) &* 0x9E37_79B9)
    for i in 0..<500 {
      let call = Self.randomCall(&rng)
      let line = call.jsonLine
      #expect(!line.contains("\n") && !line.contains("\r"), "one line: \(line)")
      let read = try HostCall(jsonLine: line)
      #expect(read == call, "seed \(seed) call \(i): \(line)")
      #expect(read.jsonLine == line, "seed \(seed) call \(i): the same bytes again")
      // JSON that any reader takes, with the same keys.
      #expect(try JSONSerialization.jsonObject(with: Data(line.utf8)) is [String: Any])
    }
  }

  @Test func numbersAreShortestAndRoundTrip() throws {
    let cases: [(Double, String)] = [
      (0, "0"), (-0.0, "0"), (1, "1"), (-2000, "-2000"), (0.1, "0.1"), (390.5, "390.5"), (1e-7, "1e-07"),
      (1e15, "1000000000000000"), (0x1p53 - 1, "9007199254740991"), (0x1p53, "9007199254740992"), (1e16, "1e+16"),
      (1e20, "1e+20"), (.leastNonzeroMagnitude, "5e-324"),
      (LayoutLimits.maximumExtent, "281474976710656"), (1.0 / 3, "0.3333333333333333"),
    ]
    for (value, text) in cases {
      #expect(JSONLineWriter.number(value) == text)
      #expect(Double(text) == value)
    }
    var rng = SplitMix64(seed: 42)
    for _ in 0..<10_000 {
      let value = Double(bitPattern: rng.next())
      guard value.isFinite else { continue }
      let text = JSONLineWriter.number(value)
      #expect(Double(text) == value, "\(value.bitPattern): \(text)")
      #expect(text.count <= value.description.count, "shortest: \(text) against \(value.description)")
    }
  }

  @Test func stringsAreEscapedAndReadBack() throws {
    let id = ElementID(kind: .supplementary("a\"b\\c\nd\re\tf\u{0}g\u{1F}h ✓ 📷"), section: 0, item: 0)
    let line = HostCall.supplementary(id, bounds: nil).jsonLine
    #expect(line == #"{"call":"supplementary","kind":"a\"b\\c\nd\re\tf\u0000g\u001fh ✓ 📷","indexPath":[0,0]}"#)
    #expect(try HostCall(jsonLine: line) == .supplementary(id, bounds: nil))
    let to = "photos --mode \"months\"\u{7F}"
    #expect(
      try HostCall(jsonLine: HostCall.transition(to: to, progress: nil, anchor: nil).jsonLine)
        == .transition(to: to, progress: nil, anchor: nil))
  }

  // MARK: Non-finite numbers

  /// Calls with a non-finite number in one place, and the field the reader names.
  static let nonFinite: [(HostCall, String)] = [
    (.prepare(bounds: Rect(x: 0, y: .nan, width: 390, height: 844), counts: [1]), "bounds.1"),
    (.elements(rect: Rect(x: 0, y: 0, width: .infinity, height: 1), bounds: nil), "rect.2"),
    (.elements(rect: nil, bounds: Rect(x: -.infinity, y: 0, width: 1, height: 1)), "bounds.0"),
    (.shouldInvalidateForBoundsChange(Rect(x: 0, y: 0, width: 1, height: .nan)), "bounds.3"),
    (.shouldInvalidateForPreferredSize(.cell(0), Size(width: .nan, height: 30), bounds: nil), "preferredSize.0"),
    (
      .invalidationContextForPreferredSize(.cell(0), Size(width: 30, height: .infinity), bounds: nil), "preferredSize.1"
    ),
    (.targetContentOffset(.zero, velocity: Point(x: -.infinity, y: 0), dragStart: nil), "velocity.0"),
    (.targetContentOffset(.zero, velocity: .zero, dragStart: Point(x: 0, y: .nan)), "dragStart.1"),
    (.targetContentOffsetForProposed(Point(x: .nan, y: 0)), "proposed.0"),
    (.transition(to: nil, progress: .nan, anchor: nil), "progress"),
    (.transition(to: "flow", progress: 0.5, anchor: Point(x: 1, y: .infinity)), "anchor.1"),
    (
      .invalidate(
        {
          var c = InvalidationContext(reason: .boundsChange)
          c.contentOffsetAdjustment = Point(x: 0, y: .nan)
          return c
        }()), "context.contentOffsetAdjustment.1"
    ),
    (
      .invalidate(
        {
          var c = InvalidationContext(reason: .boundsChange)
          c.contentSizeAdjustment = Size(width: -.infinity, height: 0)
          return c
        }()), "context.contentSizeAdjustment.0"
    ),
  ]

  @Test func nonFiniteNumbersAreWrittenAsStringsAndRefusedNamingTheField() throws {
    for (call, field) in Self.nonFinite {
      let line = call.jsonLine
      #expect(line.contains(#""NaN""#) || line.contains(#""Infinity""#) || line.contains(#""-Infinity""#), "\(line)")
      #expect(try JSONSerialization.jsonObject(with: Data(line.utf8)) is [String: Any], "still JSON: \(line)")
      #expect {
        try HostCall(jsonLine: line)
      } throws: { error in
        guard let error = error as? HostCallError, case .notFinite(let value) = error.reason else { return false }
        return error.field == field && !value.isFinite && error.call == call.name
      }
    }
    #expect(JSONLineWriter.number(.nan) == #""NaN""#)
    #expect(JSONLineWriter.number(.infinity) == #""Infinity""#)
    #expect(JSONLineWriter.number(-.infinity) == #""-Infinity""#)
    #expect(JSONLineWriter.number(-Double.nan) == #""NaN""#)
  }

  // MARK: Malformed lines

  /// Lines with one bad field, the field named and the reason.
  static let malformed: [(String, String, HostCallError.Reason)] = [
    ("not json", "line", .notAnObject),
    ("[]", "line", .notAnObject),
    ("42", "line", .notAnObject),
    ("{}", "call", .noCall),
    (#"{"call":"teleport"}"#, "call", .unknownCall("teleport")),
    (#"{"call":42}"#, "call", .wrongType),
    (#"{"call":"item","call":"prepare","indexPath":[0,0]}"#, "call", .duplicateKey("call")),
    (#"{"call":"item","c\u0061ll":"prepare","indexPath":[0,0]}"#, "call", .duplicateKey("call")),
    (
      #"{"call":"invalidate","context":{"everything":true,"everything":false}}"#, "context.everything",
      .duplicateKey("everything")
    ),
    (#"{"call":"elements","rect":[0,NaN,390,844]}"#, "rect.1", .invalidToken("NaN")),
    (#"{"call":"elements","rect":[0,1e309,390,844]}"#, "rect.1", .invalidToken("1e309")),
    (#"{"call":"item","indexPath":[0.5,1]}"#, "indexPath.0", .invalidToken("0.5")),
    (#"{"call":"item","indexPath":[0,99999999999999999999]}"#, "indexPath.1", .invalidToken("99999999999999999999")),
    (#"{"call":"item","indexPath":[0,"x"]}"#, "indexPath.1", .wrongType),
    (#"{"call":"item","indexPath":[0]}"#, "indexPath", .wrongShape("[section, item]")),
    (#"{"call":"item"}"#, "indexPath", .missing),
    (#"{"call":"supplementary","indexPath":[0,0]}"#, "kind", .missing),
    (#"{"call":"prepare","sections":[1]}"#, "bounds", .missing),
    (#"{"call":"prepare","bounds":[0,0,390,844]}"#, "sections", .missing),
    (#"{"call":"prepare","bounds":[0,0,390],"sections":[1]}"#, "bounds", .wrongShape("[x, y, width, height]")),
    (#"{"call":"prepare","bounds":[0,0,-5,844],"sections":[1]}"#, "bounds", .negativeSize),
    (
      #"{"call":"prepare","bounds":[0,0,1e300,844],"sections":[1]}"#, "bounds.2",
      .tooLarge(1e300, limit: LayoutLimits.maximumExtent)
    ),
    (#"{"call":"prepare","bounds":[0,0,390,844],"sections":"5"}"#, "sections", .wrongType),
    (#"{"call":"elements","rect":[0,"NaN",390,844]}"#, "rect.1", .notFinite(.nan)),
    (#"{"call":"elements","rect":[0,"1",390,844]}"#, "rect.1", .wrongType),
    (
      #"{"call":"shouldInvalidateForPreferredSize","indexPath":[0,0],"preferredSize":[-1,30]}"#, "preferredSize",
      .negativeSize
    ),
    (#"{"call":"shouldInvalidateForPreferredSize","indexPath":[0,0]}"#, "preferredSize", .missing),
    (#"{"call":"targetContentOffset","proposed":[0,0]}"#, "velocity", .missing),
    (#"{"call":"targetContentOffset","proposed":[0],"velocity":[0,0]}"#, "proposed", .wrongShape("[x, y]")),
    (
      #"{"call":"prepareForUpdates","updates":[{"action":"explode","before":[0,0]}],"sections":[5]}"#,
      "updates.0.action", .unknownAction("explode")
    ),
    (#"{"call":"prepareForUpdates","updates":[{"before":[0,0]}],"sections":[5]}"#, "updates.0.action", .missing),
    (
      #"{"call":"prepareForUpdates","updates":[{"action":"delete","before":3}],"sections":[5]}"#,
      "updates.0.before", .wrongShape("[section, item]")
    ),
    (
      #"{"call":"prepareForUpdates","updates":[{"action":"deleteSection","before":[0,1]}],"sections":[5]}"#,
      "updates.0.before", .notASection
    ),
    (#"{"call":"prepareForUpdates","updates":[{"action":"insert"}],"sections":[5]}"#, "updates.0.after", .missing),
    (#"{"call":"invalidate","context":{"items":[[0]]}}"#, "context.items.0", .wrongShape("[section, item]")),
    (
      #"{"call":"invalidate","context":{"supplementary":{"header":[[0,0],[1]]}}}"#, "context.supplementary.header.1",
      .wrongShape("[section, item]")
    ),
    (#"{"call":"invalidate","context":{"reason":"whim"}}"#, "context.reason", .unknownReason("whim")),
    (#"{"call":"invalidate","context":{"bounds":[0,0,1,-1]}}"#, "context.bounds", .negativeSize),
    (#"{"call":"transition","progress":1.5}"#, "progress", .progressOutOfRange(1.5)),
    (#"{"call":"transition","progress":-0.25}"#, "progress", .progressOutOfRange(-0.25)),
    (#"{"call":"transition","progress":"0.5"}"#, "progress", .wrongType),
    (#"{"call":"finishTransition","completed":"yes"}"#, "completed", .wrongType),
    (#"{"call":"finalizeUpdates","bounds":[0,0,390,844]}"#, "bounds", .notTaken),
    (#"{"call":"item","bounds":[0,0,390],"indexPath":[0,0]}"#, "bounds", .wrongShape("[x, y, width, height]")),
  ]

  @Test func everyMalformedFieldHasItsTypedError() {
    for (line, field, reason) in Self.malformed {
      #expect {
        try HostCall(jsonLine: line)
      } throws: { error in
        guard let error = error as? HostCallError else { return false }
        let same: Bool =
          switch (error.reason, reason) {
          case (.notFinite(let a), .notFinite(let b)): a.isNaN == b.isNaN && (a.isNaN || a == b)
          default: error.reason == reason
          }
        return error.field == field && same && !error.message.isEmpty
      }
    }
  }

  @Test func errorsOfCheckedFieldsNameTheirCallAndJSONErrorsDoNot() {
    func error(_ line: String) -> HostCallError? {
      do {
        _ = try HostCall(jsonLine: line)
        return nil
      } catch { return error }
    }
    #expect(error(#"{"call":"item","indexPath":[0]}"#)?.call == "item")
    #expect(error(#"{"call":"teleport"}"#)?.call == "teleport")
    #expect(error(#"{"call":"item","indexPath":[0,"x"]}"#)?.call == nil)
    #expect(error(#"{"call":"item","indexPath":[0]}"#)?.description == "item: indexPath: must be [section, item]")
  }

  @Test func aLineLongerThanTheLimitIsRefusedWhole() throws {
    let counts = Array(repeating: 1_000_000, count: 150_000)
    let line = HostCall.prepare(bounds: .zero, counts: counts).jsonLine
    #expect(line.utf8.count > HostCall.maximumLineLength)
    #expect {
      try HostCall(jsonLine: line)
    } throws: { error in
      (error as? HostCallError) == HostCallError(field: "line", reason: .lineTooLong(limit: 1 << 20))
    }
    let fits = HostCall.prepare(bounds: .zero, counts: Array(repeating: 7, count: 100_000))
    #expect(try HostCall(jsonLine: fits.jsonLine) == fits)
  }

  // MARK: Format versions

  @Test func theHeaderIsFormatOneAndOtherFormatsAreRefused() throws {
    #expect(HostCall.formatVersion == 1)
    #expect(HostLine.header(format: HostCall.formatVersion).jsonLine == #"{"format":1}"#)
    #expect(try HostLine(jsonLine: #"{"format":1}"#) == .header(format: 1))
    #expect(try HostLine(jsonLine: #" { "format" : 1 } "#) == .header(format: 1))
    for format in [0, 2, -1, Int.max] {
      #expect {
        try HostLine(jsonLine: #"{"format":\#(format)}"#)
      } throws: { error in
        (error as? HostCallError) == HostCallError(field: "format", reason: .unknownFormat(format))
      }
    }
    #expect {
      try HostLine(jsonLine: #"{"format":1.5}"#)
    } throws: { ($0 as? HostCallError)?.field == "format" }
    // A header is not a call; a call line that also names a format is a call.
    #expect(throws: HostCallError(field: "call", reason: .noCall)) { try HostCall(jsonLine: #"{"format":1}"#) }
    #expect(try HostLine(jsonLine: #"{"format":1,"call":"finalizeUpdates"}"#) == .call(.finalizeUpdates))
    // Format 1 as the first recorder wrote it reads the same (no `reason`,
    // every value finite): the context is a configuration change.
    let old =
      #"{"call":"invalidate","context":{"everything":false,"items":[[0,1]],"supplementary":{},"#
      + #""contentOffsetAdjustment":[0,0],"contentSizeAdjustment":[0,0]}}"#
    var expected = InvalidationContext(reason: .configuration)
    expected.elements = [.cell(1)]
    #expect(try HostCall(jsonLine: old) == .invalidate(expected))
    #expect(HostCall.invalidate(expected).jsonLine == old)
  }

  // MARK: The scan

  @Test func theScanFindsTheFirstBadTokenAndTheFirstDuplicateKey() {
    let a = JSONLineScan(#"{"a":[1,2,{"b":[true,null,NaN]}]}"#)
    #expect(a.invalidToken?.token == "NaN" && a.invalidToken?.path == "a.2.b.2")
    let b = JSONLineScan(#"{"s":"NaN, in a string","x":-1e400}"#)
    #expect(b.invalidToken?.token == "-1e400" && b.invalidToken?.path == "x")
    #expect(JSONLineScan(#"{"ok":[1.5e10,-0,5e-324,"\"q\""]}"#).invalidToken == nil)
    #expect(JSONLineScan("garbage").invalidToken == nil, "outside an object there is no field to name")
    #expect(JSONLineScan(#"{"a":{"k":1},"b":{"k":2}}"#).duplicateKey == nil, "one key in two objects")
    #expect(JSONLineScan(#"{"a":[{"k":1,"k":2}]}"#).duplicateKey?.path == "a.0.k")
    #expect(JSONLineScan(#"{"k\"":1,"k":2}"#).duplicateKey == nil)
  }
}
