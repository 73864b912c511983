/// Why a photo folder, its index or the cache folder cannot be used. Each
/// case names the path and what is wrong in words a user can act on.
public enum LibraryError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The photo folder cannot be listed (missing, a file, a link loop, no permission).
  case folder(String)
  /// The cache folder (index and thumbnails) cannot be used.
  case cache(String)

  public var description: String {
    switch self {
    case .folder(let why): why
    case .cache(let why): why
    }
  }
}

/// A file of the folder that is not in the library, and why (listed once
/// per scan, never fatal).
public struct LibraryProblem: Hashable, Sendable {
  /// The file name (non-UTF-8 bytes shown as `\xNN`).
  public var name: String
  public var reason: String

  public init(name: String, reason: String) {
    self.name = name
    self.reason = reason
  }
}
