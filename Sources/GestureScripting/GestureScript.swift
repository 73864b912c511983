import LayoutCore

/// A small language for scripted gestures, shared by `scrollwork simulate`,
/// `scrollwork render` and the tests.
///
/// Steps are separated by `;` or new lines; `#` starts a comment. A step
/// may start with a target name for drivers with several surfaces
/// (`pager drag -300 0.25`).
///
/// | step | meaning |
/// | --- | --- |
/// | `drag DX[,DY] SECONDS` | the finger moves by DX (and DY) points over SECONDS, touching down first if it is up |
/// | `hold SECONDS` | the finger stays down without moving |
/// | `release` | the finger lifts (a fling if it was moving) |
/// | `wait SECONDS` | time passes with no finger |
/// | `tap` | the finger touches and lifts at once: stops a fling |
/// | `scroll X,Y` | animated `setContentOffset`, clamped into bounds |
/// | `jump X,Y` | `setContentOffset` without animation, clamped into bounds |
///
/// Besides these, a layout declares its own steps as `LayoutVerb`s (the
/// photo grid's `mode`, `pinch`, `insert`, `delete`): the parser is given
/// the verbs it should know, checks their arguments with the layout's own
/// parser (`Action.custom`), and a driver that does not take a verb
/// refuses the script before it runs (`ScriptError.unsupportedStep`,
/// naming the layout that does).
///
/// A finger moving left (negative DX) scrolls the content towards higher
/// offsets, as on a phone. An untargeted `hold` or `release` goes to the one
/// finger that is down (`pager drag -300 0.25; release`).
public struct GestureScript: Hashable, Sendable {
  /// One step's action (see the table above).
  public enum Action: Hashable, Sendable {
    case drag(Point, duration: Double)
    case hold(Double)
    case release
    case wait(Double)
    case tap
    case scroll(Point)
    case jump(Point)
    /// A layout verb (a `LayoutVerb`): its name, its words after the
    /// name (checked by the parser), and how long it lasts in seconds
    /// (`nil` for an instant step such as `insert`).
    case custom(verb: String, arguments: [String], duration: Double?)
  }

  /// One step: an optional target surface and its action.
  public struct Step: Hashable, Sendable {
    /// The surface the step drives (`pager`, `strip`), or `nil` for the default.
    public var target: String?
    /// What happens.
    public var action: Action
    /// The step as written (without its comment), for error messages.
    public var text: String = ""
  }

  /// The parsed steps, in order.
  public var steps: [Step]
  /// Who takes each layout verb the script uses (`LayoutVerb.owner`), for
  /// messages.
  public var verbOwners: [String: String] = [:]

  /// The most frames one run may produce (about 14 minutes at 120 Hz).
  public static let maximumFrames = 100_000

  /// The longest duration one step may give, in seconds (a day). Longer
  /// ones are rejected while parsing, before any arithmetic on them; the
  /// frame limit at the run's rate is checked by `run` and `frameCount`.
  public static let maximumStepDuration = 86_400.0

  /// The longest script text accepted, in bytes (1 MiB).
  public static let maximumTextLength = 1 << 20

  /// Parses `text`.
  ///
  /// Steps are separated by `;` or line breaks (`\n`, `\r\n` or `\r`); a
  /// UTF-8 byte-order mark at the start is ignored. Every number must be
  /// finite; durations must lie in `0...maximumStepDuration`.
  ///
  /// - Complexity: O(length of `text`).
  /// - Throws: `ScriptError.badStep` naming the bad step (its number and
  ///   text) and why; `.tooLong` for a text longer than
  ///   `maximumTextLength` bytes.
  /// - Parameter verbs: the layout verbs to know besides the common steps
  ///   (a verb not among them is an unknown step).
  public init(_ text: String, verbs: [LayoutVerb] = []) throws(ScriptError) {
    var declared: [String: LayoutVerb] = [:]
    for verb in verbs where !Self.verbs.contains(verb.name) { declared[verb.name] = verb }
    guard text.utf8.count <= Self.maximumTextLength else {
      throw .badStep("(\(text.utf8.count) bytes)", "a script may hold at most \(Self.maximumTextLength) bytes")
    }
    var text = Substring(text)
    if text.first == "\u{FEFF}" { text = text.dropFirst() }
    var steps: [Step] = []
    // "\r\n" is one Character (a newline); a lone "\r" is one too.
    let lines = text.split(omittingEmptySubsequences: false) { $0.isNewline || $0 == ";" }
    for raw in lines {
      let line = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
      var words = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0.isNewline }).map(String.init)
      guard !words.isEmpty else { continue }
      let name = Self.stepName(steps.count + 1, line)
      var target: String?
      func isVerb(_ word: String) -> Bool { Self.verbs.contains(word) || declared[word] != nil }
      if !isVerb(words[0]) {
        // A target name comes before a step; anything else is not a step.
        guard words.count >= 2, isVerb(words[1]) else {
          let first = words[0]
          throw .badStep(
            name,
            words.count == 1 && first.first?.isLetter == true
              ? "'\(first)' is not a step (or a target needs a step after it)" : "unknown step '\(first)'")
        }
        target = words.removeFirst()
      }
      let verb = words.removeFirst()
      let action: Action
      switch (verb, words.count) {
      case ("drag", 2):
        action = .drag(try Self.point(words[0], name), duration: try Self.seconds(words[1], name))
      case ("hold", 1): action = .hold(try Self.seconds(words[0], name))
      case ("wait", 1): action = .wait(try Self.seconds(words[0], name))
      case ("release", 0): action = .release
      case ("tap", 0): action = .tap
      case ("scroll", 1): action = .scroll(try Self.point(words[0], name))
      case ("jump", 1): action = .jump(try Self.point(words[0], name))
      case _ where declared[verb] != nil:
        let layoutVerb = declared[verb]!
        let parsed = try layoutVerb.parse(words, name)
        action = .custom(verb: verb, arguments: parsed.arguments, duration: parsed.duration)
        verbOwners[verb] = layoutVerb.owner
      default:
        throw .badStep(
          name, Self.verbs.contains(verb) ? "wrong number of arguments for '\(verb)'" : "unknown step '\(verb)'")
      }
      steps.append(Step(target: target, action: action, text: String(line).trimmingSpaces))
    }
    self.steps = steps
  }

  /// The step names every driver understands.
  public static let verbs: Set<String> = ["drag", "hold", "release", "wait", "tap", "scroll", "jump"]

  /// A whole number ≥ 0 that fits an `Int` (parsed as text, never through
  /// a `Double`).
  public static func whole(_ word: String, _ step: String) throws(ScriptError) -> Int {
    guard let value = Int(word), value >= 0 else { throw .badStep(step, "'\(word)' is not a whole number ≥ 0") }
    return value
  }

  /// How errors name a step: its number and its text, shortened.
  static func stepName(_ number: Int, _ line: Substring) -> String {
    let text = String(line).trimmingSpaces
    let short = text.count > 60 ? String(text.prefix(57)) + "..." : text
    return "\(number) '\(short)'"
  }

  /// A finite number.
  public static func number(_ word: String, _ step: String) throws(ScriptError) -> Double {
    guard let value = Double(word), value.isFinite else {
      throw .badStep(step, "'\(word)' is not a finite number")
    }
    return value
  }

  /// A duration in `0...maximumStepDuration` seconds.
  public static func seconds(_ word: String, _ step: String) throws(ScriptError) -> Double {
    let value = try number(word, step)
    guard value >= 0 else { throw .badStep(step, "a duration cannot be negative") }
    guard value <= maximumStepDuration else {
      throw .badStep(step, "a duration must be at most \(Int(maximumStepDuration)) s, not \(word)")
    }
    return value
  }

  /// `X` or `X,Y`, finite.
  public static func point(_ word: String, _ step: String) throws(ScriptError) -> Point {
    let parts = word.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    guard parts.count == 1 || parts.count == 2 else { throw .badStep(step, "'\(word)' is not X or X,Y") }
    let x = try number(parts[0], step)
    let y = parts.count == 2 ? try number(parts[1], step) : 0
    return Point(x: x, y: y)
  }

  /// The run rate `run` uses for `fps`: a non-finite or non-positive rate
  /// is 120 (documented clamp).
  public static func effectiveRate(_ fps: Double) -> Double { fps.isFinite && fps > 0 ? fps : 120 }

  /// The ticks a timed step of `seconds` takes at `fps` (at least one), or
  /// `nil` when that is more than `maximumFrames`: the bound is checked on
  /// the `Double` before any conversion, so no duration or rate can trap.
  ///
  /// - Complexity: O(1).
  public static func ticks(_ seconds: Double, fps: Double) -> Int? {
    let exact = (seconds * effectiveRate(fps)).rounded()
    guard exact.isFinite, exact <= Double(maximumFrames) else { return nil }
    return Swift.max(1, Int(exact))
  }

  /// The tick count after each timed step (`drag`, `hold`, `wait`, and
  /// the layout verbs with a duration: `mode`, `pinch`), in
  /// order, at `fps`.
  ///
  /// - Complexity: O(number of steps).
  /// - Throws: `ScriptError.tooLong` naming the step at which the total
  ///   passes `maximumFrames`.
  public func tickMarks(fps: Double) throws(ScriptError) -> [Int] {
    var total = 0
    var marks: [Int] = []
    for (index, step) in steps.enumerated() {
      let seconds: Double
      switch step.action {
      case .drag(_, let d), .hold(let d), .wait(let d), .custom(_, _, let d?): seconds = d
      default: continue
      }
      // Each addend is at most maximumFrames and the total is checked after
      // every step, so the sum cannot overflow.
      guard let n = Self.ticks(seconds, fps: fps), total + n <= Self.maximumFrames else {
        let needed = Self.ticks(seconds, fps: fps).map { "\(total + $0)" } ?? "more than \(Self.maximumFrames)"
        throw .tooLong(step: Self.stepName(index + 1, Substring(step.text)), frames: needed)
      }
      total += n
      marks.append(total)
    }
    return marks
  }

  /// The ticks a run at `fps` takes (frames after the first).
  ///
  /// - Throws: `ScriptError.tooLong` past `maximumFrames`.
  public func frameCount(fps: Double) throws(ScriptError) -> Int { try tickMarks(fps: fps).last ?? 0 }

  /// Runs the script on `driver` at `fps` frames per second, calling
  /// `frame` after every tick with the tick's time. Instant steps
  /// (`release`, `tap`, `scroll`, `jump`) happen at the current time and
  /// show in the next tick; a last frame is recorded at the end.
  ///
  /// Frame times are `k / fps` for an integer counter `k`, so they do not
  /// drift and repeat bit for bit.
  ///
  /// - Throws: `ScriptError.tooLong` past `maximumFrames` (checked before
  ///   the first step runs), or what the driver throws (an unknown target).
  public func run<Driver: GestureDriven>(
    on driver: inout Driver, fps: Double = 120, frame: (inout Driver, Double) -> Void
  ) throws(ScriptError) {
    let fps = Self.effectiveRate(fps)
    // Checked before anything runs: every step's ticks fit, and so does the sum.
    _ = try tickMarks(fps: fps)
    // And every layout verb is one the driver takes.
    for (index, step) in steps.enumerated() {
      if case .custom(let verb, _, _) = step.action, !Driver.layoutVerbs.contains(verb) {
        throw .unsupportedStep(
          step: Self.stepName(index + 1, Substring(step.text)), verb: verb,
          takenBy: verbOwners[verb] ?? "another layout")
      }
    }
    var tick = 0
    var time: Double { Double(tick) / fps }
    var translations: [String: Point] = [:]
    // Safe after the check above.
    func ticks(_ seconds: Double) -> Int { Self.ticks(seconds, fps: fps) ?? 1 }

    let key = { (step: Step) in step.target ?? "" }
    var pending = false
    for (index, original) in steps.enumerated() {
      var step = original
      // An untargeted hold or release goes to the one finger that is down,
      // whichever surface it touched (`pager drag …; release`).
      if step.target == nil, translations[""] == nil, translations.count == 1, let only = translations.keys.first {
        switch step.action {
        case .hold, .release: step.target = only
        default: break
        }
      }
      switch step.action {
      case .drag(let delta, let duration):
        let start = translations[key(step)] ?? .zero
        if translations[key(step)] == nil { try driver.touchDown(step.target, at: time) }
        let n = ticks(duration)
        for k in 1...n {
          tick += 1
          let f = Double(k) / Double(n)
          let translation = Point(x: start.x + delta.x * f, y: start.y + delta.y * f)
          try driver.drag(step.target, translation: translation, at: time)
          driver.advance(to: time)
          frame(&driver, time)
        }
        translations[key(step)] = start + delta
        pending = false
      case .hold(let duration):
        let held = translations[key(step)] ?? .zero
        if translations[key(step)] == nil {
          try driver.touchDown(step.target, at: time)
          translations[key(step)] = .zero
        }
        for _ in 0..<ticks(duration) {
          tick += 1
          try driver.drag(step.target, translation: held, at: time)
          driver.advance(to: time)
          frame(&driver, time)
        }
        pending = false
      case .wait(let duration):
        for _ in 0..<ticks(duration) {
          tick += 1
          driver.advance(to: time)
          frame(&driver, time)
        }
        pending = false
      case .release:
        if translations.removeValue(forKey: key(step)) != nil { try driver.release(step.target, at: time) }
        pending = true
      case .tap:
        if translations[key(step)] == nil {
          try driver.touchDown(step.target, at: time)
          try driver.release(step.target, at: time)
        }
        pending = true
      case .scroll(let offset):
        try driver.setContentOffset(step.target, offset, animated: true, at: time)
        pending = true
      case .jump(let offset):
        try driver.setContentOffset(step.target, offset, animated: false, at: time)
        pending = true
      case .custom(let verb, let arguments, let duration):
        do {
          try driver.perform(step.target, verb: verb, arguments: arguments, duration: duration ?? 0, at: time)
        } catch {
          // The driver knows what is wrong; the script knows which step it
          // is: its number and its text as written.
          guard case .badStep(_, let why) = error else { throw error }
          throw .badStep(Self.stepName(index + 1, Substring(step.text)), why)
        }
        if let duration {
          for _ in 0..<ticks(duration) {
            tick += 1
            driver.advance(to: time)
            frame(&driver, time)
          }
          pending = false
        } else {
          pending = true
        }
      }
    }
    if pending || tick == 0 {
      driver.advance(to: time)
      frame(&driver, time)
    }
  }
}

/// Why a gesture script could not run.
public enum ScriptError: Error, Hashable, Sendable, CustomStringConvertible {
  /// A step that does not parse: the step (its number and text) and why.
  case badStep(String, String)
  /// A target name the driver does not have, and the names it has (empty
  /// for a driver with one surface, which takes no target).
  case unknownTarget(String, known: [String])
  /// The script needs more than `GestureScript.maximumFrames` frames: the
  /// step where the total passes the limit, and the frames needed by then.
  case tooLong(step: String, frames: String)
  /// The script file could not be read: the path and why.
  case unreadable(path: String, reason: String)
  /// A layout verb (`mode`, `pinch`, …) the driven layout does not take:
  /// the step, the verb and who takes it (`LayoutVerb.owner`).
  case unsupportedStep(step: String, verb: String, takenBy: String)

  public var description: String {
    switch self {
    case .badStep(let step, let why): "bad script step \(step): \(why)"
    case .unknownTarget(let name, let known):
      known.isEmpty
        ? "unknown target '\(name)': this surface takes no target name (write the step without '\(name)')"
        : "unknown target '\(name)' (known: \(known.joined(separator: ", ")))"
    case .tooLong(let step, let frames):
      "the script needs \(frames) frames by step \(step); at most \(GestureScript.maximumFrames) are allowed"
    case .unreadable(let path, let reason): "cannot read script file '\(path)': \(reason)"
    case .unsupportedStep(let step, let verb, let owner):
      "bad script step \(step): '\(verb)' is not a step this layout takes (only \(owner) takes it)"
    }
  }
}

extension String {
  var trimmingSpaces: String {
    String(drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
  }
}

/// Something a gesture script can drive: one or more scroll surfaces.
public protocol GestureDriven {
  mutating func touchDown(_ target: String?, at time: Double) throws(ScriptError)
  mutating func drag(_ target: String?, translation: Point, at time: Double) throws(ScriptError)
  mutating func release(_ target: String?, at time: Double) throws(ScriptError)
  mutating func setContentOffset(
    _ target: String?, _ offset: Point, animated: Bool, at time: Double) throws(ScriptError)
  /// Advances every motion to `time`.
  mutating func advance(to time: Double)
  /// The layout verbs (`LayoutVerb.name`) this driver takes;
  /// none by default. `run` refuses a script using any other before it
  /// starts.
  static var layoutVerbs: Set<String> { get }
  /// Performs a layout verb at `time`; `arguments` are the words the parser
  /// checked, `duration` the step's seconds (0 for an instant step). The
  /// default throws `ScriptError.unsupportedStep`.
  mutating func perform(
    _ target: String?, verb: String, arguments: [String], duration: Double, at time: Double) throws(ScriptError)
}

extension GestureDriven {
  public static var layoutVerbs: Set<String> { [] }

  public mutating func perform(
    _ target: String?, verb: String, arguments: [String], duration: Double, at time: Double
  ) throws(ScriptError) {
    throw .unsupportedStep(step: "'\(verb)'", verb: verb, takenBy: "another layout")
  }
}

/// A step only some layouts take, declared by the layout that takes it
/// (the photo grid's `mode`, `pinch`, `insert` and `delete`): its name, who
/// takes it (for messages), and its argument parser.
public struct LayoutVerb: Sendable {
  /// The step's first word.
  public let name: String
  /// The layout that takes it, in words: "the photo grid, 'photos'".
  public let owner: String
  /// Checks the words after the verb (the step's name for messages) and
  /// returns the arguments the driver gets and the step's duration in
  /// seconds (`nil` for an instant step).
  public let parse: @Sendable ([String], String) throws(ScriptError) -> (arguments: [String], duration: Double?)

  public init(
    name: String, owner: String,
    parse: @escaping @Sendable ([String], String) throws(ScriptError) -> (arguments: [String], duration: Double?)
  ) {
    self.name = name
    self.owner = owner
    self.parse = parse
  }
}
