import Foundation
import HostRecording
import LayoutCore
import LayoutHost

/// Writes every call a `ScrollworkLayout` receives as one JSON line in the
/// format `scrollwork replay` reads (`HostRecording`'s `HostCall`, format 1,
/// documented in the repository's `Guides/LayoutHost.md`), so a session
/// captured on a device replays on Linux:
///
/// ```swift
/// let layout = ScrollworkLayout.carousel(.spotify)
/// layout.recorder = LayoutCallRecorder { line in log.append(line) }
/// ```
///
/// A number UIKit passed that is not finite is written as the string
/// `"NaN"`, `"Infinity"` or `"-Infinity"` (never as a number): the replay
/// refuses that call, naming the field.
@MainActor
public final class LayoutCallRecorder {
  /// One recorded call: the replay format's `HostCall`.
  public typealias Call = HostCall

  private let sink: (String) -> Void
  private var started = false
  /// Whether the recorded layout's host leaves the waterfall's settle to
  /// the shell (`LayoutHost.defersSettle`; `ScrollworkLayout` sets it when
  /// the recorder is attached): written in the format line, so the replay's
  /// host answers as the recorded one did.
  var defersSettle = false

  /// A recorder that hands each line (without its line end) to `sink`.
  public init(sink: @escaping (String) -> Void) { self.sink = sink }

  /// A recorder that appends lines to the file at `url` (created if
  /// missing).
  ///
  /// - Throws: the file system's error when the file cannot be created or
  ///   opened for writing. A line that later fails to write is dropped
  ///   (a recorder never stops the app it records).
  public convenience init(appendingTo url: URL) throws {
    if !FileManager.default.fileExists(atPath: url.path) {
      _ = FileManager.default.createFile(atPath: url.path, contents: nil)
    }
    let handle = try FileHandle(forWritingTo: url)
    try handle.seekToEnd()
    self.init { line in try? handle.write(contentsOf: Data((line + "\n").utf8)) }
  }

  /// Writes `call` (and the format line, `{"format":1}`, with
  /// `"defersSettle":true` when the layout's host defers the settle, before
  /// the first call).
  ///
  /// - Complexity: O(size of the call's arrays).
  public func record(_ call: Call) {
    if !started {
      started = true
      sink(HostLine.header(format: HostCall.formatVersion, defersSettle: defersSettle).jsonLine)
    }
    sink(call.jsonLine)
  }

  /// The JSON line of `call`.
  static func line(_ call: Call) -> String { call.jsonLine }
}
