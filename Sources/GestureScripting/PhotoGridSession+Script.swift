import LayoutCore
import PhotoGrid
import ScrollPhysics

// MARK: - The photo grid driven by scripts: its typed methods, by name

/// The photo grid session as a script drives it: the common steps go to its
/// scrolling methods, and its own steps (`mode`, `pinch`, `insert`,
/// `delete`) to `setMode(_:duration:at:)`, `pinch(scale:duration:at:around:)`,
/// `insert(count:at:time:)` and `delete(_:time:)`; a refusal is a
/// `ScriptError.badStep` naming the step and the session's reason.
extension PhotoGridSession: GestureDriven {
  public static var layoutVerbs: Set<String> { Set(verbs.map(\.name)) }

  /// The target name scripts may use ("grid").
  public static let targetName = "grid"

  public func checked(_ target: String?) throws(ScriptError) {
    if let target, target != Self.targetName { throw .unknownTarget(target, known: [Self.targetName]) }
  }

  public mutating func touchDown(_ target: String?, at time: Double) throws(ScriptError) {
    try checked(target)
    touchDown(at: time)
  }

  public mutating func drag(_ target: String?, translation: Point, at time: Double) throws(ScriptError) {
    try checked(target)
    drag(translation: translation, at: time)
  }

  public mutating func release(_ target: String?, at time: Double) throws(ScriptError) {
    try checked(target)
    release(at: time)
  }

  public mutating func setContentOffset(
    _ target: String?, _ offset: Point, animated: Bool, at time: Double
  ) throws(ScriptError) {
    try checked(target)
    setContentOffset(offset, animated: animated, at: time)
  }

  /// Refuses, before it runs, a script with more `insert` and `delete`
  /// steps than a library of `sections` sections takes
  /// (`allowedEdits(sections:)`), naming the first step past the limit.
  public static func checkEdits(_ script: GestureScript, sections: Int) throws(ScriptError) {
    let allowed = allowedEdits(sections: sections)
    var edits = 0
    for (index, step) in script.steps.enumerated() {
      guard case .custom(let verb, _, _) = step.action, verb == "insert" || verb == "delete" else { continue }
      edits += 1
      if edits > allowed {
        throw .badStep(
          "\(index + 1) '\(step.text)'", PhotoGridError.tooManyEdits(allowed: allowed, sections: sections).description)
      }
    }
  }

  /// A layout verb's step as the script writes it, for messages.
  public static func stepText(_ verb: String, _ arguments: [String]) -> String {
    switch (verb, arguments.count) {
    case ("insert", 2): "'insert \(arguments[0]) at \(arguments[1])'"
    case ("delete", 2): "'delete \(arguments[0])..\(arguments[1])'"
    default: "'\(([verb] + arguments).joined(separator: " "))'"
    }
  }

  /// Performs a layout verb (its words as `verbs` parsed them) through the
  /// session's typed method.
  ///
  /// - Complexity: that of the method (nothing per photo).
  public mutating func perform(
    _ target: String?, verb: String, arguments: [String], duration: Double, at time: Double
  ) throws(ScriptError) {
    try checked(target)
    let step = Self.stepText(verb, arguments)
    switch verb {
    case "mode":
      guard let mode = arguments.first.flatMap(PhotoGridLayout.Mode.init(parsing:)) else {
        throw .badStep(step, "not a mode (all, months or columns:N)")
      }
      try session(step) { s throws(PhotoGridError) in try s.setMode(mode, duration: duration, at: time) }
    case "pinch":
      guard let scale = arguments.first.flatMap(Double.init) else {
        throw .badStep(step, PhotoGridError.badPinchScale(.nan).description)
      }
      let point = arguments.count > 1 ? try? GestureScript.point(arguments[1], step) : nil
      try session(step) { s throws(PhotoGridError) in
        try s.pinch(scale: scale, duration: duration, at: time, around: point)
      }
    case "insert":
      guard arguments.count == 2, let count = Int(arguments[0]), let index = Int(arguments[1]) else {
        throw .badStep(step, "expected 'insert N at I'")
      }
      try session(step) { s throws(PhotoGridError) in try s.insert(count: count, at: index, time: time) }
    case "delete":
      guard arguments.count == 2, let first = Int(arguments[0]), let last = Int(arguments[1]), first <= last else {
        throw .badStep(step, "expected 'delete I..J' with I ≤ J")
      }
      try session(step) { s throws(PhotoGridError) in try s.delete(first...last, time: time) }
    default:
      throw .unsupportedStep(step: step, verb: verb, takenBy: Self.owner)
    }
  }

  /// Runs one of the session's typed methods for `step`, its refusal as
  /// the step's.
  private mutating func session(
    _ step: String, _ body: (inout PhotoGridSession) throws(PhotoGridError) -> Void
  ) throws(ScriptError) {
    do throws(PhotoGridError) { try body(&self) } catch { throw .badStep(step, error.description) }
  }

  /// Who takes the photo grid's verbs, for messages.
  public static let owner = "the photo grid, 'photos'"

  /// The photo grid's own script steps, declared for the parser
  /// (`GestureScript(_:verbs:)`):
  ///
  /// | step | meaning |
  /// | --- | --- |
  /// | `mode NAME SECONDS` | animate to mode `all`, `months` or `columns:N` over SECONDS |
  /// | `pinch SCALE SECONDS [at X,Y]` | a pinch from scale 1 to SCALE (> 0) over SECONDS, at screen point X,Y (the centre by default), then lift |
  /// | `insert N at I` | N new photos (1…1,000,000) at global index I, animated |
  /// | `delete I..J` | photos I through J (global indices, both included) are removed, animated |
  public static let verbs: [LayoutVerb] = [
    LayoutVerb(name: "mode", owner: owner) { words, name throws(ScriptError) in
      guard words.count == 2 else { throw .badStep(name, "wrong number of arguments for 'mode'") }
      guard PhotoGridLayout.Mode(parsing: words[0]) != nil else {
        throw .badStep(name, "'\(words[0])' is not a mode (all, months or columns:N)")
      }
      return ([words[0]], try GestureScript.seconds(words[1], name))
    },
    LayoutVerb(name: "pinch", owner: owner) { words, name throws(ScriptError) in
      guard words.count == 2 || words.count == 4 else { throw .badStep(name, "wrong number of arguments for 'pinch'") }
      let scale = try GestureScript.number(words[0], name)
      guard scale > 0 else { throw .badStep(name, "a pinch scale must be > 0, not \(words[0])") }
      let duration = try GestureScript.seconds(words[1], name)
      var arguments = [words[0]]
      if words.count == 4 {
        guard words[2] == "at" else { throw .badStep(name, "expected 'at X,Y' after the duration") }
        _ = try GestureScript.point(words[3], name)
        arguments.append(words[3])
      }
      return (arguments, duration)
    },
    LayoutVerb(name: "insert", owner: owner) { words, name throws(ScriptError) in
      guard words.count == 3 else { throw .badStep(name, "wrong number of arguments for 'insert'") }
      guard words[1] == "at" else { throw .badStep(name, "expected 'insert N at I'") }
      let count = try GestureScript.whole(words[0], name)
      guard (1...maximumInsertCount).contains(count) else {
        throw .badStep(name, "an insert adds 1 to \(maximumInsertCount) photos, not \(words[0])")
      }
      _ = try GestureScript.whole(words[2], name)
      return ([words[0], words[2]], nil)
    },
    LayoutVerb(name: "delete", owner: owner) { words, name throws(ScriptError) in
      guard words.count == 1 else { throw .badStep(name, "wrong number of arguments for 'delete'") }
      let ends = words[0].split(separator: ".", omittingEmptySubsequences: true)
      guard words[0].contains(".."), ends.count == 2 else {
        throw .badStep(name, "'\(words[0])' is not a range I..J")
      }
      let i = try GestureScript.whole(String(ends[0]), name)
      let j = try GestureScript.whole(String(ends[1]), name)
      guard i <= j else { throw .badStep(name, "the range \(words[0]) is empty (I must be ≤ J)") }
      return ([String(i), String(j)], nil)
    },
  ]
}
