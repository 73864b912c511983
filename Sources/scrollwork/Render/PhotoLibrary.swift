import Foundation
import Raster

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Photos read from a folder, checked one by one.
struct PhotoLibrary {
  /// A file that was skipped, and why.
  struct Problem {
    var name: String
    var reason: String
  }

  var photos: [Photo]
  var problems: [Problem]

  /// Checks that `path` is a folder the process can list; throws a clear
  /// error before any work otherwise.
  static func checkFolder(_ path: String) throws {
    var info = stat()
    if stat(path, &info) != 0 {
      let code = errno
      if code == ELOOP { throw CLIError("the photo folder '\(path)' is a loop of symbolic links") }
      if code == ENOENT, lstat(path, &info) == 0 {
        throw CLIError("the photo folder '\(path)' is a symbolic link to something that does not exist")
      }
    }
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw CLIError("the photo folder '\(path)' does not exist")
    }
    guard isDirectory.boolValue else { throw CLIError("'\(path)' is a file, not a photo folder") }
    guard FileManager.default.isReadableFile(atPath: path),
      (try? FileManager.default.contentsOfDirectory(atPath: path)) != nil
    else { throw CLIError("cannot read the photo folder '\(path)' (permission denied)") }
  }

  /// One entry of a folder: its name as text when it is valid UTF-8, and
  /// the raw bytes otherwise.
  enum Entry {
    case name(String)
    case undecodable([UInt8])
  }

  /// The entries of `path` (not `.` and `..`), by the bytes of their names.
  ///
  /// - Throws: `CLIError` when the folder cannot be listed.
  static func entries(_ path: String) throws -> [Entry] {
    guard let dir = opendir(path) else {
      throw CLIError("cannot read the photo folder '\(path)' (\(String(cString: strerror(errno))))")
    }
    defer { closedir(dir) }
    var result: [Entry] = []
    while let entry = readdir(dir) {
      let bytes = withUnsafeBytes(of: entry.pointee.d_name) { raw in Array(raw.prefix(while: { $0 != 0 })) }
      if bytes == [0x2E] || bytes == [0x2E, 0x2E] { continue }
      if let name = String(validating: bytes, as: UTF8.self) {
        result.append(.name(name))
      } else {
        result.append(.undecodable(bytes))
      }
    }
    return result
  }

  /// A name whose bytes are not UTF-8, shown with `\xNN` escapes for the
  /// bytes that do not decode.
  static func escaped(_ bytes: [UInt8]) -> String {
    var text = ""
    var i = 0
    while i < bytes.count {
      // Take the longest valid UTF-8 sequence (1–4 bytes) starting here.
      var taken = false
      for length in 1...4 where i + length <= bytes.count {
        if let piece = String(validating: bytes[i..<(i + length)], as: UTF8.self) {
          text += piece
          i += length
          taken = true
          break
        }
      }
      if !taken {
        text += "\\x" + String(bytes[i], radix: 16, uppercase: true).leftPadded(to: 2)
        i += 1
      }
    }
    return text
  }

  /// Reads every file of `path` (sorted by name; hidden files and folders
  /// ignored). Only regular files are opened, without blocking: a FIFO, a
  /// device or a socket is skipped with a message, as are a symbolic link
  /// loop, a dangling link, a name that is not valid UTF-8 (shown with
  /// `\xNN` escapes), a file that vanished after the folder was listed, and
  /// a file that is not a readable JPEG or PNG within the pixel limit. Each
  /// becomes a `Problem`, reported through `report` as it is found.
  ///
  /// Each photo is decoded once at thumbnail size through `cache` (so a
  /// truncated or corrupt file is caught here, not mid-animation, and the
  /// thumbnail stays cached).
  static func load(_ path: String, cache: ImageCache, report: (Problem) -> Void) throws -> PhotoLibrary {
    try checkFolder(path)
    var names: [String] = []
    var problems: [Problem] = []
    func skip(_ name: String, _ reason: String) {
      let problem = Problem(name: name, reason: reason)
      problems.append(problem)
      report(problem)
    }
    for entry in try entries(path) {
      switch entry {
      case .name(let name): if !name.hasPrefix(".") { names.append(name) }
      case .undecodable(let bytes):
        if bytes.first != 0x2E {
          skip(escaped(bytes), "the file name is not valid UTF-8; rename it to use it")
        }
      }
    }
    names.sort()
    var photos: [Photo] = []
    for name in names {
      let file = path + "/" + name
      var info = stat()
      // Folders are skipped quietly (as before); anything else is opened by
      // the decoder, which takes regular files only.
      if stat(file, &info) == 0, info.st_mode & S_IFMT == S_IFDIR { continue }
      do throws(DecodeError) {
        let info = try cache.decoder.info(cache.decoder.read(file: file))
        let photo = Photo(name: name, size: info.size, source: .file(file))
        guard info.size.width > 0, info.size.height > 0 else { throw DecodeError.corrupt("zero width or height") }
        _ = try cache.image(for: photo, atLeast: PixelSize(width: 48, height: 48))
        photos.append(photo)
      } catch .unreadable("no such file") {
        skip(name, "the file vanished after the folder was listed")
      } catch {
        skip(name, error.description)
      }
    }
    return PhotoLibrary(photos: photos, problems: problems)
  }
}

extension String {
  func leftPadded(to width: Int) -> String { String(repeating: "0", count: Swift.max(0, width - count)) + self }
}
