#if !canImport(UIKit)
  import Foundation

  /// An Objective-C exception UIKit would raise (`NSException`), as a Swift
  /// error: where UIKit raises `NSInternalInconsistencyException` (and the
  /// app terminates), the stand-in records one of these, stops what the
  /// raising call was doing and returns.
  ///
  /// Inside ``catchingUIKitExceptions(_:)`` the first exception is thrown
  /// when the body returns. Outside it, the exception is appended to
  /// ``unhandled`` and printed to standard error; the stand-in never traps.
  public struct UIKitException: Error, Hashable, Sendable, CustomStringConvertible {
    /// The exception's name: UIKit's `NSInternalInconsistencyException` or
    /// `NSInvalidArgumentException`.
    public var name: String
    /// UIKit's reason text, word for word where it is known.
    public var reason: String

    /// An exception with `name` and `reason`.
    public init(name: String, reason: String) {
      self.name = name
      self.reason = reason
    }

    /// `NSInternalInconsistencyException`.
    public static let internalInconsistency = "NSInternalInconsistencyException"
    /// `NSInvalidArgumentException`.
    public static let invalidArgument = "NSInvalidArgumentException"

    public var description: String { "\(name): \(reason)" }

    /// Exceptions raised outside ``catchingUIKitExceptions(_:)``, oldest
    /// first (UIKit would have terminated the app at the first). Tests may
    /// clear it.
    @MainActor public static var unhandled: [UIKitException] = []

    /// How many exceptions the stand-in has raised since the process began
    /// (a raising call compares it before and after the app's code runs).
    @MainActor static var raisedCount = 0

    /// The open ``catchingUIKitExceptions(_:)`` scopes, innermost last,
    /// each with the exceptions raised in it.
    @MainActor static var scopes: [[UIKitException]] = []

    /// Records `exception` as UIKit would raise it; the caller then stops
    /// and returns.
    @MainActor static func raise(_ exception: UIKitException) {
      raisedCount += 1
      if scopes.isEmpty {
        unhandled.append(exception)
        FileHandle.standardError.write(
          Data("*** UIKitStandIn: uncaught exception '\(exception.name)', reason: '\(exception.reason)'\n".utf8))
      } else {
        scopes[scopes.count - 1].append(exception)
      }
    }

    /// Records an `NSInternalInconsistencyException` with `reason`.
    @MainActor static func raise(_ reason: String) {
      raise(UIKitException(name: internalInconsistency, reason: reason))
    }
  }

  /// Runs `body` and throws the first ``UIKitException`` the stand-in
  /// raised while it ran (the way a test catches UIKit's `NSException`);
  /// returns `body`'s result when nothing was raised.
  @MainActor public func catchingUIKitExceptions<R>(_ body: () throws -> R) throws -> R {
    UIKitException.scopes.append([])
    let result: Result<R, any Error>
    do {
      result = .success(try body())
    } catch {
      result = .failure(error)
    }
    let raised = UIKitException.scopes.removeLast()
    if let first = raised.first { throw first }
    return try result.get()
  }
#endif
