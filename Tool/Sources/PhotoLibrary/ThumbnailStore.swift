import Foundation
import Raster

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Thumbnails on disk, so a second start draws a photo without decoding
/// its 12-megapixel file again: each decoded level is kept as a small
/// JPEG under `thumbnails/` in the cache folder, named by a hash of the
/// photo's path, size, modification time and level (a changed file gets
/// new names; its old thumbnails age out).
///
/// Files start with a magic and their size; one that does not read back
/// exactly is ignored and removed. The folder is kept under `byteBudget`
/// by `trim()`, oldest first; only the store's own files (regular files
/// named `*.thumb` starting with the magic) are ever removed.
///
/// Thread-safe: files are written to a temporary name and renamed.
public final class ThumbnailStore: Sendable {
  /// The folder the thumbnails are in.
  public let folder: String
  /// The most bytes the folder keeps after `trim()`.
  public let byteBudget: Int
  static let magic: [UInt8] = Array("SWTHUMB1".utf8)
  /// Levels at most this many pixels on their longer side are stored
  /// (larger ones are screen-sized album pages: decoded from the photo).
  public static let largestStoredSide = 1200

  /// - Parameter byteBudget: below 0 clamps to 0 (`trim()` then removes every thumbnail).
  public init(cache: CacheFolder, byteBudget: Int = 512 << 20) throws(LibraryError) {
    folder = try cache.subfolder("thumbnails")
    self.byteBudget = Swift.max(0, byteBudget)
  }

  /// The file name for level `level` of the file at `path` as it is now;
  /// `nil` when the file is gone.
  func name(path: String, level: Int) -> String? {
    guard let id = LibraryScanner.identity(path) else { return nil }
    return CacheFolder.hashName("\(path)\u{0}\(id.size)\u{0}\(id.modified)\u{0}\(level)") + ".thumb"
  }

  /// The stored thumbnail, or `nil` (none, or unreadable: then removed).
  func load(_ name: String) -> RGBAImage? {
    let path = folder + "/" + name
    guard let bytes = try? RegularFile.read(path, limit: 32 << 20) else { return nil }
    guard bytes.count > 16, bytes[0..<8].elementsEqual(Self.magic) else {
      if bytes.count > 0 { remove(path) }
      return nil
    }
    let w = Int(bytes[8]) << 24 | Int(bytes[9]) << 16 | Int(bytes[10]) << 8 | Int(bytes[11])
    let h = Int(bytes[12]) << 24 | Int(bytes[13]) << 16 | Int(bytes[14]) << 8 | Int(bytes[15])
    guard let image = try? ImageDecoder(maximumPixels: 4_000_000).decode(Array(bytes[16...])),
      image.width == w, image.height == h
    else {
      remove(path)
      return nil
    }
    // Touch it: trimming removes the least recently used first.
    utimes(path, nil)
    return image
  }

  /// Stores an opaque image (one with transparency is not stored: JPEG
  /// has no alpha); failures are ignored (the cache is an optimisation).
  func save(_ image: RGBAImage, name: String) {
    guard Swift.max(image.width, image.height) <= Self.largestStoredSide, image.isOpaque else { return }
    guard let jpeg = try? JPEGEncoder.encode(image, quality: 85) else { return }
    var file = Self.magic
    for v in [image.width, image.height] {
      file += [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
    }
    file += jpeg
    let temporary = folder + "/." + name + ".\(getpid()).\(UInt64.random(in: 0...UInt64.max))"
    let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
    guard fd >= 0 else { return }
    let written = file.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    close(fd)
    if written == file.count {
      if rename(temporary, folder + "/" + name) != 0 { unlink(temporary) }
    } else {
      unlink(temporary)
    }
  }

  /// Removes one of the store's own files (a regular file, never a link).
  private func remove(_ path: String) {
    var info = stat()
    guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, path.hasSuffix(".thumb") else { return }
    unlink(path)
  }

  /// Keeps the folder under `byteBudget`: removes the least recently
  /// used thumbnails (oldest modification time; reads touch it) until the
  /// rest take at most 90 % of it. Returns the bytes kept.
  ///
  /// - Complexity: O(n log n) for n files in the folder.
  @discardableResult
  public func trim() -> Int {
    guard let dir = opendir(folder) else { return 0 }
    var files: [(name: String, bytes: Int, time: Int64)] = []
    while let entry = readdir(dir) {
      let bytes = withUnsafeBytes(of: entry.pointee.d_name) { raw in Array(raw.prefix(while: { $0 != 0 })) }
      guard let name = String(validating: bytes, as: UTF8.self), name.hasSuffix(".thumb"), !name.hasPrefix(".")
      else { continue }
      var info = stat()
      guard lstat(folder + "/" + name, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
      files.append((name, Int(info.st_size), Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)))
    }
    closedir(dir)
    var total = files.reduce(0) { $0 + $1.bytes }
    guard total > byteBudget else { return total }
    files.sort { $0.time < $1.time }
    let target = byteBudget / 10 * 9
    for file in files where total > target {
      let path = folder + "/" + file.name
      // Only files that are the store's own: they start with the magic.
      guard let head = try? RegularFile.readPrefix(path, count: 8), head.elementsEqual(Self.magic) else { continue }
      if unlink(path) == 0 { total -= file.bytes }
    }
    return total
  }
}
