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
/// | `scroll X,Y` | animated `setContentOffset` |
/// | `jump X,Y` | `setContentOffset` without animation |
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
  }

  /// One step: an optional target surface and its action.
  public struct Step: Hashable, Sendable {
    /// The surface the step drives (`pager`, `strip`), or `nil` for the default.
    public var target: String?
    /// What happens.
    public var action: Action
  }

  /// The parsed steps, in order.
  public var steps: [Step]

  /// The most frames one run may produce (about 14 minutes at 120 Hz).
  public static let maximumFrames = 100_000

  /// Parses `text`.
  ///
  /// - Throws: `ScriptError` naming the bad step.
  public init(_ text: String) throws(ScriptError) {
    var steps: [Step] = []
    let lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == ";" }
    for raw in lines {
      let line = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
      var words = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).map(String.init)
      guard !words.isEmpty else { continue }
      var target: String?
      if !Self.verbs.contains(words[0]) {
        // A target name comes before a step; anything else is not a step.
        guard words.count >= 2, Self.verbs.contains(words[1]) else {
          throw .badStep(
            String(line),
            words.count == 1 && !words[0].isEmpty && words[0].first!.isLetter
              ? "'\(words[0])' is not a step (or a target needs a step after it)" : "unknown step '\(words[0])'")
        }
        target = words.removeFirst()
      }
      let verb = words.removeFirst()
      let action: Action
      switch (verb, words.count) {
      case ("drag", 2):
        action = .drag(try Self.point(words[0], line), duration: try Self.seconds(words[1], line))
      case ("hold", 1): action = .hold(try Self.seconds(words[0], line))
      case ("wait", 1): action = .wait(try Self.seconds(words[0], line))
      case ("release", 0): action = .release
      case ("tap", 0): action = .tap
      case ("scroll", 1): action = .scroll(try Self.point(words[0], line))
      case ("jump", 1): action = .jump(try Self.point(words[0], line))
      default:
        throw .badStep(
          String(line), Self.verbs.contains(verb) ? "wrong number of arguments for '\(verb)'" : "unknown step '\(verb)'"
        )
      }
      steps.append(Step(target: target, action: action))
    }
    self.steps = steps
  }

  static let verbs: Set<String> = ["drag", "hold", "release", "wait", "tap", "scroll", "jump"]

  static func number(_ word: String, _ line: Substring) throws(ScriptError) -> Double {
    guard let value = Double(word), value.isFinite else {
      throw .badStep(String(line), "'\(word)' is not a finite number")
    }
    return value
  }

  static func seconds(_ word: String, _ line: Substring) throws(ScriptError) -> Double {
    let value = try number(word, line)
    guard value >= 0 else { throw .badStep(String(line), "a duration cannot be negative") }
    return value
  }

  static func point(_ word: String, _ line: Substring) throws(ScriptError) -> Point {
    let parts = word.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    guard parts.count == 1 || parts.count == 2 else { throw .badStep(String(line), "'\(word)' is not X or X,Y") }
    let x = try number(parts[0], line)
    let y = parts.count == 2 ? try number(parts[1], line) : 0
    return Point(x: x, y: y)
  }

  /// Runs the script on `driver` at `fps` frames per second, calling
  /// `frame` after every tick with the tick's time. Instant steps
  /// (`release`, `tap`, `scroll`, `jump`) happen at the current time and
  /// show in the next tick; a last frame is recorded at the end.
  ///
  /// Frame times are `k / fps` for an integer counter `k`, so they do not
  /// drift and repeat bit for bit.
  ///
  /// - Throws: `ScriptError.tooLong` past `maximumFrames`, or what the
  ///   driver throws (an unknown target).
  public func run<Driver: GestureDriven>(
    on driver: inout Driver, fps: Double = 120, frame: (inout Driver, Double) -> Void
  ) throws(ScriptError) {
    let fps = fps.isFinite && fps > 0 ? fps : 120
    var tick = 0
    var time: Double { Double(tick) / fps }
    var translations: [String: Point] = [:]
    func ticks(_ seconds: Double) -> Int { Swift.max(1, Int((seconds * fps).rounded())) }
    var total = 0
    for step in steps {
      if case .drag(_, let d) = step.action { total += ticks(d) }
      if case .hold(let d) = step.action { total += ticks(d) }
      if case .wait(let d) = step.action { total += ticks(d) }
    }
    guard total <= Self.maximumFrames else { throw .tooLong(frames: total) }

    let key = { (step: Step) in step.target ?? "" }
    var pending = false
    for var step in steps {
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
  case badStep(String, String)
  case unknownTarget(String, known: [String])
  case tooLong(frames: Int)

  public var description: String {
    switch self {
    case .badStep(let step, let why): "bad script step '\(step.trimmingSpaces)': \(why)"
    case .unknownTarget(let name, let known):
      "unknown target '\(name)' (known: \(known.joined(separator: ", ")))"
    case .tooLong(let frames): "the script needs \(frames) frames; at most \(GestureScript.maximumFrames) are allowed"
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
}
