import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The files of a photo folder, by the bytes of their names, without
/// opening any of them.
public enum FolderListing {
  /// One entry of a folder: its name as text when it is valid UTF-8, and
  /// the raw bytes otherwise.
  public enum Entry: Hashable, Sendable {
    /// A name, with what the listing said it was (`DT_DIR`, `DT_REG`, …;
    /// `DT_UNKNOWN` when the file system does not say).
    case name(String, type: UInt8)
    case undecodable([UInt8])
  }

  /// Checks that `path` is a folder the process can list.
  ///
  /// - Throws: `LibraryError.folder` naming what `path` is instead (missing,
  ///   a file, a loop of links, a dangling link, no permission).
  public static func check(_ path: String) throws(LibraryError) {
    var info = stat()
    if stat(path, &info) != 0 {
      let code = errno
      if code == ELOOP { throw .folder("the photo folder '\(path)' is a loop of symbolic links") }
      if code == ENOENT, lstat(path, &info) == 0 {
        throw .folder("the photo folder '\(path)' is a symbolic link to something that does not exist")
      }
      if code == EACCES { throw .folder("cannot read the photo folder '\(path)' (permission denied)") }
      throw .folder("the photo folder '\(path)' does not exist")
    }
    guard info.st_mode & S_IFMT == S_IFDIR else { throw .folder("'\(path)' is a file, not a photo folder") }
    guard let dir = opendir(path) else {
      throw .folder("cannot read the photo folder '\(path)' (permission denied)")
    }
    closedir(dir)
  }

  /// The entries of `path` (not `.` and `..`).
  ///
  /// - Throws: `LibraryError.folder` when the folder cannot be listed.
  /// - Complexity: O(entries).
  public static func entries(_ path: String) throws(LibraryError) -> [Entry] {
    guard let dir = opendir(path) else {
      throw .folder("cannot read the photo folder '\(path)' (\(String(cString: strerror(errno))))")
    }
    defer { closedir(dir) }
    var result: [Entry] = []
    while let entry = readdir(dir) {
      let bytes = withUnsafeBytes(of: entry.pointee.d_name) { raw in Array(raw.prefix(while: { $0 != 0 })) }
      if bytes == [0x2E] || bytes == [0x2E, 0x2E] { continue }
      if let name = String(validating: bytes, as: UTF8.self) {
        result.append(.name(name, type: entry.pointee.d_type))
      } else {
        result.append(.undecodable(bytes))
      }
    }
    return result
  }

  /// A name (or any text from outside: a path, a reason with a name in
  /// it) made safe to print on one terminal line: control characters
  /// (C0, DEL, C1: a newline that would forge another line, an escape
  /// sequence that would colour or move the cursor) and the
  /// bidirectional-override characters are shown as `\n`, `\t`, `\r`,
  /// `\e` or `\u{XXXX}`, and a backslash as `\\` so an escape cannot be
  /// forged either. Every name the tool prints goes through here.
  ///
  /// - Complexity: O(length).
  public static func printable(_ text: String) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar.value {
      case 0x0A: out += "\\n"
      case 0x09: out += "\\t"
      case 0x0D: out += "\\r"
      case 0x1B: out += "\\e"
      case 0x5C: out += "\\\\"
      case 0x00...0x1F, 0x7F...0x9F, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069:
        out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  /// A name whose bytes are not UTF-8, shown with `\xNN` escapes for the
  /// bytes that do not decode (and `printable`'s escapes for control
  /// characters).
  public static func escaped(_ bytes: [UInt8]) -> String {
    var text = ""
    var i = 0
    while i < bytes.count {
      // Take the longest valid UTF-8 sequence (1–4 bytes) starting here.
      var taken = false
      for length in 1...4 where i + length <= bytes.count {
        if let piece = String(validating: bytes[i..<(i + length)], as: UTF8.self) {
          text += printable(piece)
          i += length
          taken = true
          break
        }
      }
      if !taken {
        let hex = String(bytes[i], radix: 16, uppercase: true)
        text += "\\x" + (hex.count < 2 ? "0" + hex : hex)
        i += 1
      }
    }
    return text
  }

  /// The candidate photo files of `path`: names that do not start with
  /// `.` and are not folders (a link to a folder is a folder), sorted; and
  /// names that are not UTF-8, as problems.
  ///
  /// - Complexity: O(n log n) for n entries, plus a `stat` for each entry
  ///   whose type the listing does not give.
  public static func candidates(_ path: String) throws(LibraryError) -> (names: [String], problems: [LibraryProblem]) {
    var names: [String] = []
    var problems: [LibraryProblem] = []
    for entry in try entries(path) {
      switch entry {
      case .name(let name, let type):
        guard !name.hasPrefix(".") else { continue }
        if type == UInt8(DT_DIR) { continue }
        if type == UInt8(DT_UNKNOWN) || type == UInt8(DT_LNK) {
          // The listing does not say, or a link: what it points to decides.
          var info = stat()
          if stat(path + "/" + name, &info) == 0, info.st_mode & S_IFMT == S_IFDIR { continue }
        }
        names.append(name)
      case .undecodable(let bytes):
        if bytes.first != 0x2E {
          problems.append(
            LibraryProblem(name: escaped(bytes), reason: "the file name is not valid UTF-8; rename it to use it"))
        }
      }
    }
    names.sort()
    return (names, problems)
  }
}
