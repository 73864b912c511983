import Dispatch
import Foundation
import Raster

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A photo folder, indexed: the photos in display order and the files
/// that are not photos.
public struct ScannedLibrary: Sendable {
  /// The photos by capture date, then name; photos without a date last,
  /// by name.
  public var photos: [Photo]
  /// Files skipped, with why, in name order.
  public var problems: [LibraryProblem]
  /// Files the index answered for (unchanged since they were read).
  public var reused: Int
  /// Headers read from files this time.
  public var read: Int
}

/// Builds a library from a folder by reading only each file's header (a
/// few KB: size, orientation, date; never the pixels), answered from the
/// index for files unchanged since the last scan, on all cores.
///
/// ```swift
/// let scanner = LibraryScanner(folder: "/photos", index: try LibraryIndex(folder: "/photos", cache: cache))
/// let library = try scanner.run()          // blocking; `progress` may be read from another thread
/// ```
///
/// Files are listed with `readdir` and `stat`ed; only regular files are
/// opened, without blocking (a FIFO, a device, a socket is a problem, not
/// a hang); a file that vanishes between the listing and its read is a
/// problem ("vanished"), never an error of the scan.
public final class LibraryScanner: Sendable {
  /// How far a scan has got.
  public struct Progress: Hashable, Sendable {
    /// Files to look at (known once the folder is listed).
    public var total = 0
    /// Files done (answered by the index or read).
    public var done = 0
    /// Whether the scan has finished.
    public var finished = false
  }

  public let folder: String
  public let index: LibraryIndex?
  public let workers: Int
  private let state = Locked(Progress())

  /// - Parameters:
  ///   - index: the folder's index; `nil` reads every header.
  ///   - workers: threads reading headers (default: one per core; clamped to 1…64).
  public init(folder: String, index: LibraryIndex?, workers: Int = ProcessInfo.processInfo.activeProcessorCount) {
    self.folder = folder
    self.index = index
    self.workers = Swift.min(64, Swift.max(1, workers))
  }

  /// The progress now (any thread).
  public var progress: Progress { state.withLock { $0 } }

  /// The file's size and modification time (ns), following links; `nil`
  /// with a reason for what is not a regular file or is gone.
  static func identity(_ path: String) -> (size: Int64, modified: Int64)? {
    var info = stat()
    guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
    return (Int64(info.st_size), Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec))
  }

  /// Scans the folder: lists it, answers unchanged files from the index,
  /// reads the other headers in parallel, writes them to the index and
  /// sorts the photos.
  ///
  /// - Parameter afterListing: called with the names to look at, after the
  ///   listing and before the first read (a seam for tests, which change
  ///   the folder there).
  /// - Throws: `LibraryError.folder` when the folder cannot be listed;
  ///   `.cache` when the index cannot be read or written.
  /// - Complexity: O(n log n) for n files, plus one header read per new or
  ///   changed file (`ImageHeader.read`: 64 KB, rarely up to 4 MB).
  public func run(afterListing: ([String]) -> Void = { _ in }) throws(LibraryError) -> ScannedLibrary {
    try FolderListing.check(folder)
    var (names, problems) = try FolderListing.candidates(folder)
    state.withLock { $0.total = names.count }
    afterListing(names)
    let known = try index?.entries() ?? [:]
    var entries = [IndexedFile?](repeating: nil, count: names.count)
    var toRead: [Int] = []
    var reused = 0
    for (i, name) in names.enumerated() {
      if let id = Self.identity(folder + "/" + name), let entry = known[name],
        entry.matches(byteCount: id.size, modified: id.modified)
      {
        entries[i] = entry
        reused += 1
      } else {
        toRead.append(i)
      }
    }
    state.withLock { $0.done = reused }
    let fresh = readHeaders(names: names, positions: toRead)
    var changed: [IndexedFile] = []
    var vanished: Set<Int> = []
    for (k, i) in toRead.enumerated() {
      switch fresh[k] {
      case .some(let entry):
        entries[i] = entry
        changed.append(entry)
      case .none:
        vanished.insert(i)
      }
    }
    let present = Set(names)
    let removed = known.keys.filter { !present.contains($0) }
    try index?.update(changed, removing: removed + vanished.map { names[$0] })
    var photos: [Photo] = []
    photos.reserveCapacity(names.count)
    for (i, name) in names.enumerated() {
      if vanished.contains(i) {
        problems.append(LibraryProblem(name: name, reason: "the file vanished after the folder was listed"))
        continue
      }
      guard let entry = entries[i] else { continue }
      if let header = entry.header {
        photos.append(
          Photo(
            name: name, size: header.size, source: .file(folder + "/" + name), date: header.date,
            placeholder: entry.color))
      } else {
        problems.append(LibraryProblem(name: name, reason: entry.problem ?? "unreadable"))
      }
    }
    names.removeAll()
    problems.sort { $0.name < $1.name }
    photos = Self.displayOrder(photos)
    state.withLock {
      $0.done = $0.total
      $0.finished = true
    }
    return ScannedLibrary(photos: photos, problems: problems, reused: reused, read: toRead.count)
  }

  /// By date, then name; undated photos last, by name.
  ///
  /// - Complexity: O(n log n).
  public static func displayOrder(_ photos: [Photo]) -> [Photo] {
    photos.sorted { l, r in
      switch (l.date, r.date) {
      case (let a?, let b?): a != b ? a < b : l.name < r.name
      case (.some, nil): true
      case (nil, .some): false
      case (nil, nil): l.name < r.name
      }
    }
  }

  /// Reads the headers of `names[positions]` on `workers` threads; `nil`
  /// for a file that vanished (or is no longer a regular file's name).
  private func readHeaders(names: [String], positions: [Int]) -> [IndexedFile?] {
    guard !positions.isEmpty else { return [] }
    let results = Locked([IndexedFile?](repeating: nil, count: positions.count))
    let next = Locked(0)
    let folder = self.folder
    let state = self.state
    let batch = 8
    DispatchQueue.concurrentPerform(iterations: Swift.min(workers, positions.count)) { _ in
      while true {
        let start = next.withLock { n in
          defer { n += batch }
          return n
        }
        guard start < positions.count else { return }
        var local: [(Int, IndexedFile?)] = []
        for k in start..<Swift.min(start + batch, positions.count) {
          local.append((k, Self.readEntry(folder: folder, name: names[positions[k]])))
        }
        results.withLock { r in for (k, e) in local { r[k] = e } }
        state.withLock { $0.done += local.count }
      }
    }
    return results.withLock { $0 }
  }

  /// One file's entry from its header; `nil` when it is gone.
  static func readEntry(folder: String, name: String) -> IndexedFile? {
    let path = folder + "/" + name
    var info = stat()
    func unreadable(_ why: FileReadError) -> String { DecodeError.unreadable(why.description).description }
    guard stat(path, &info) == 0 else {
      var link = stat()
      if lstat(path, &link) == 0 {
        let why = unreadable(errno == ELOOP ? .symlinkLoop : .danglingLink)
        return IndexedFile(name: name, byteCount: 0, modified: 0, header: nil, problem: why)
      }
      return nil
    }
    let size = Int64(info.st_size)
    let modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
    if let kind = RegularFile.kind(of: info.st_mode) {
      return IndexedFile(
        name: name, byteCount: size, modified: modified, header: nil, problem: unreadable(.notARegularFile(kind: kind)))
    }
    do throws(DecodeError) {
      let header = try ImageHeader.read(file: path)
      return IndexedFile(name: name, byteCount: size, modified: modified, header: header, problem: nil)
    } catch .unreadable(FileReadError.missing.description) {
      return nil
    } catch {
      return IndexedFile(name: name, byteCount: size, modified: modified, header: nil, problem: error.description)
    }
  }
}
