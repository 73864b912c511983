import Foundation
import PhotoLibrary

/// Work running on a thread of its own from the moment it is made, its
/// result read by the frame's thread when it is ready (a scan of the
/// folder, the first screen's, a library grouped and diffed off the
/// frame). The frame only looks (`take`), it never waits.
package final class BackgroundJob<T: Sendable>: Sendable {
  private let outcome = Locked<Result<T, any Error>?>(nil)

  package init(_ work: @escaping @Sendable () throws -> T) {
    Thread { [outcome] in
      let result: Result<T, any Error> = Result { try work() }
      outcome.withLock { $0 = result }
    }.start()
  }

  /// The result once the work has finished, else `nil`.
  package func take() -> Result<T, any Error>? { outcome.withLock { $0 } }
}
