import Foundation
import Raster
import ToolSupport

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
    /// A name, with what the listing said it was (`DT_DIR`, `DT_REG`, …;
    /// `DT_UNKNOWN` when the file system does not say).
    case name(String, type: UInt8)
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
        result.append(.name(name, type: entry.pointee.d_type))
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
  /// becomes a `Problem`, reported through `report` as it is found. A file
  /// that the listing showed and that is gone, or is a folder, a FIFO or a
  /// device, when it is read (replaced in between) is such a problem too;
  /// folders are skipped quietly only when the listing shows them as
  /// folders.
  ///
  /// `afterListing` is called with the names to read, after the listing and
  /// before the first read (a seam for tests, which change the folder
  /// there, as a user or another program might).
  ///
  /// Each photo is decoded once at thumbnail size through `cache` (so a
  /// truncated or corrupt file is caught here, not mid-animation, and the
  /// thumbnail stays cached).
  static func load(
    _ path: String, cache: ImageCache, report: (Problem) -> Void, afterListing: ([String]) -> Void = { _ in }
  ) throws -> PhotoLibrary {
    try checkFolder(path)
    var names: [String] = []
    var listedAsFolder: Set<String> = []
    var problems: [Problem] = []
    func skip(_ name: String, _ reason: String) {
      let problem = Problem(name: name, reason: reason)
      problems.append(problem)
      report(problem)
    }
    for entry in try entries(path) {
      switch entry {
      case .name(let name, let type):
        guard !name.hasPrefix(".") else { continue }
        if type == UInt8(DT_DIR) {
          listedAsFolder.insert(name)
        } else if type == UInt8(DT_UNKNOWN) || type == UInt8(DT_LNK) {
          // The listing does not say, or a link: what it points to decides.
          var info = stat()
          if stat(path + "/" + name, &info) == 0, info.st_mode & S_IFMT == S_IFDIR { listedAsFolder.insert(name) }
        }
        if !listedAsFolder.contains(name) { names.append(name) }
      case .undecodable(let bytes):
        if bytes.first != 0x2E {
          skip(escaped(bytes), "the file name is not valid UTF-8; rename it to use it")
        }
      }
    }
    names.sort()
    afterListing(names)
    var photos: [Photo] = []
    for name in names {
      let file = path + "/" + name
      // Folders in the listing are skipped quietly; anything else is
      // opened by the decoder, which takes regular files only (and says
      // what a path is when it is something else now).
      do throws(DecodeError) {
        let info = try cache.decoder.info(cache.decoder.read(file: file))
        let photo = Photo(name: name, size: info.size, source: .file(file))
        guard info.size.width > 0, info.size.height > 0 else { throw DecodeError.corrupt("zero width or height") }
        _ = try cache.image(for: photo, atLeast: PixelSize(width: 48, height: 48))
        photos.append(photo)
      } catch .unreadable(FileReadError.missing.description) {
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
