#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a run wrote into an output folder, file by file, with each file's
/// identity: the next run deletes a file only when it is still exactly the
/// file this manifest describes.
///
/// The text (`.scrollwork-manifest`), one file a line after a `#` header:
///
///     DEVICE INODE SIZE MTIME-SECONDS MTIME-NANOSECONDS PATH
///
/// `PATH` is relative to the output folder and must be one scrollwork
/// writes (`isOutputPath`). Lines that do not parse, paths of any other
/// shape and the one-path-a-line manifests of earlier versions are
/// ignored: an entry that is not understood never causes a delete.
///
/// - Complexity: parsing and formatting are O(text length).
public struct OutputManifest: Equatable, Sendable {
  /// One file and the identity it had when it was written.
  public struct Entry: Equatable, Sendable {
    public var path: String
    public var device: UInt64
    public var inode: UInt64
    public var size: Int64
    public var modifiedSeconds: Int64
    public var modifiedNanoseconds: Int64

    public init(
      path: String, device: UInt64, inode: UInt64, size: Int64, modifiedSeconds: Int64, modifiedNanoseconds: Int64
    ) {
      self.path = path
      self.device = device
      self.inode = inode
      self.size = size
      self.modifiedSeconds = modifiedSeconds
      self.modifiedNanoseconds = modifiedNanoseconds
    }

    /// The entry for the file `info` describes (a `stat` taken without
    /// following a link).
    public init(path: String, _ info: stat) {
      self.init(
        path: path, device: UInt64(truncatingIfNeeded: info.st_dev), inode: UInt64(truncatingIfNeeded: info.st_ino),
        size: Int64(info.st_size), modifiedSeconds: Int64(info.st_mtim.tv_sec),
        modifiedNanoseconds: Int64(info.st_mtim.tv_nsec))
    }

    /// Whether `info` (a `stat` taken without following a link) is the file
    /// this entry describes: a regular file (not a link) with the same
    /// device, inode, size and modification time to the nanosecond. A file
    /// the user replaced (a new inode), rewrote (a new time) or linked in
    /// its place does not match.
    public func matches(_ info: stat) -> Bool {
      info.st_mode & S_IFMT == S_IFREG && Entry(path: path, info) == self
    }
  }

  /// The entries, in the order given.
  public var entries: [Entry]
  /// Lines that were not understood (and are ignored).
  public var ignoredLines: Int

  public init(entries: [Entry] = [], ignoredLines: Int = 0) {
    self.entries = entries
    self.ignoredLines = ignoredLines
  }

  /// The manifest's file name in the output folder.
  public static let fileName = ".scrollwork-manifest"

  static let header =
    "# scrollwork output manifest 2: DEVICE INODE SIZE MTIME-S MTIME-NS PATH for each file the last run wrote;"
    + " the next run removes those it does not write again, and only while they are unchanged"

  /// Parses a manifest's bytes (see the type's documentation); never
  /// throws: what is not understood is counted in `ignoredLines`.
  public static func parse(_ bytes: [UInt8]) -> OutputManifest {
    var manifest = OutputManifest()
    var seen = Set<String>()
    for raw in bytes.split(separator: 0x0A, omittingEmptySubsequences: true) {
      guard let text = String(validating: raw, as: UTF8.self) else {
        manifest.ignoredLines += 1
        continue
      }
      let line = Substring(text)
      if line.hasPrefix("#") { continue }
      let fields = line.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: false)
      guard fields.count == 6, let device = UInt64(fields[0]), let inode = UInt64(fields[1]),
        let size = Int64(fields[2]), size >= 0, let seconds = Int64(fields[3]),
        let nanoseconds = Int64(fields[4]), (0..<1_000_000_000).contains(nanoseconds),
        isOutputPath(String(fields[5])), seen.insert(String(line)).inserted
      else {
        manifest.ignoredLines += 1
        continue
      }
      manifest.entries.append(
        Entry(
          path: String(fields[5]), device: device, inode: inode, size: size, modifiedSeconds: seconds,
          modifiedNanoseconds: nanoseconds))
    }
    return manifest
  }

  /// The manifest's text (with the header), one line an entry.
  public var bytes: [UInt8] {
    var lines = [Self.header]
    for e in entries {
      lines.append("\(e.device) \(e.inode) \(e.size) \(e.modifiedSeconds) \(e.modifiedNanoseconds) \(e.path)")
    }
    return Array(lines.joined(separator: "\n").utf8) + [0x0A]
  }

  /// Whether some entry for `path` describes the file `info` describes.
  /// (A path may have two entries while a run publishes: the previous
  /// run's file and this run's.)
  public func matches(_ path: String, _ info: stat) -> Bool {
    entries.contains { $0.path == path && $0.matches(info) }
  }

  /// Whether `path` is a path scrollwork writes in an output folder:
  /// `index.html`, or `SCENE/NAME` where `SCENE` is a scene folder name
  /// (letters, digits, `-` and `_`, not starting with `-`) and `NAME` is
  /// `animation.png`, `key-NN.png` (two or more digits) or `frame-NNNN.png`
  /// (four or more digits), exactly. A manifest entry of any other path
  /// is ignored, so a forged one cannot name a user's `notes.txt`.
  public static func isOutputPath(_ path: String) -> Bool {
    if path == "index.html" { return true }
    let parts = path.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, isSceneName(parts[0]) else { return false }
    return isOutputFileName(String(parts[1]))
  }

  /// Whether `name` can be a scene folder's name.
  public static func isSceneName(_ name: Substring) -> Bool {
    guard let first = name.utf8.first, first != UInt8(ascii: "-"), name.utf8.count <= 128 else { return false }
    return name.utf8.allSatisfy { c in
      (0x30...0x39).contains(c) || (0x41...0x5A).contains(c) || (0x61...0x7A).contains(c) || c == 0x2D || c == 0x5F
    }
  }

  /// Whether `name` is a file name scrollwork writes in a scene folder:
  /// `animation.png`, `key-NN.png` (two or more digits) or
  /// `frame-NNNN.png` (four or more digits), exactly.
  public static func isOutputFileName(_ name: String) -> Bool {
    func digits(_ text: Substring, atLeast count: Int) -> Bool {
      text.count >= count && text.count <= 18 && text.allSatisfy { ("0"..."9").contains($0) }
    }
    if name == "animation.png" { return true }
    guard name.hasSuffix(".png") else { return false }
    let stem = name.dropLast(4)
    if stem.hasPrefix("key-") { return digits(stem.dropFirst(4), atLeast: 2) }
    if stem.hasPrefix("frame-") { return digits(stem.dropFirst(6), atLeast: 4) }
    return false
  }
}
