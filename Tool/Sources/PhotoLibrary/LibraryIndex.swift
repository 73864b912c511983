import Foundation
import GRDB
import Raster

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What the index knows of one file: its identity when it was read (size
/// and modification time) and what its header said, or why it is not a
/// photo.
public struct IndexedFile: Hashable, Sendable {
  /// The file name in the folder.
  public var name: String
  /// The file's size in bytes when its header was read.
  public var byteCount: Int64
  /// The file's modification time when its header was read, in
  /// nanoseconds since 1970.
  public var modified: Int64
  /// The header, or `nil` when the file is not a readable photo.
  public var header: ImageHeader?
  /// Why the file is not a photo (when `header` is `nil`).
  public var problem: String?
  /// The photo's average colour (`0xRRGGBB`), once a thumbnail of it was
  /// decoded (`LibraryIndex.setColors`); the viewer's placeholder.
  public var color: UInt32?

  public init(
    name: String, byteCount: Int64, modified: Int64, header: ImageHeader?, problem: String?, color: UInt32? = nil
  ) {
    self.name = name
    self.byteCount = byteCount
    self.modified = modified
    self.header = header
    self.problem = problem
    self.color = color
  }

  /// Whether this entry describes the file as it is now.
  public func matches(byteCount: Int64, modified: Int64) -> Bool {
    self.byteCount == byteCount && self.modified == modified
  }
}

/// A photo folder's index on disk (SQLite through GRDB): one row per file,
/// keyed by name and checked against the file's size and modification
/// time, so a second start reads the index instead of the files.
///
/// The index is a cache, never trusted: a file that is not a SQLite
/// database, fails SQLite's `quick_check`, has another schema or belongs
/// to another folder is deleted and rebuilt (it is the tool's own file, in
/// the tool's cache folder; a symbolic link there is refused, never
/// followed or deleted); a row whose values are out of range is ignored
/// (its file is read again).
///
/// Two processes may use one index at once (SQLite's locking; a writer
/// waits up to 10 s for the other).
public final class LibraryIndex: Sendable {
  /// The index file.
  public let path: String
  /// The folder it indexes (absolute).
  public let folder: String
  /// Why the file found there was rebuilt, or `nil` when it was used (or new).
  public let rebuildReason: String?
  private let queue: DatabaseQueue

  /// The schema version this code writes and reads.
  static let schemaVersion = 2

  /// Opens the index of `folder` in `cache` (`index/<hash>.sqlite`),
  /// creating or rebuilding it.
  ///
  /// - Throws: `LibraryError.cache` when the index cannot be created (the
  ///   cache folder is not writable, a symbolic link sits at its name).
  public convenience init(folder: String, cache: CacheFolder) throws(LibraryError) {
    let absolute = Self.absolute(folder)
    let file = try cache.subfolder("index") + "/" + CacheFolder.hashName(absolute) + ".sqlite"
    try self.init(file: file, folder: absolute)
  }

  /// Opens the index file at `file` for `folder`.
  public init(file: String, folder: String) throws(LibraryError) {
    path = file
    self.folder = folder
    var reason: String?
    var info = stat()
    if lstat(file, &info) == 0, info.st_mode & S_IFMT != S_IFREG {
      let kind =
        info.st_mode & S_IFMT == S_IFLNK ? "a symbolic link" : RegularFile.kind(of: info.st_mode) ?? "not a file"
      throw .cache(
        "the photo index '\(FolderListing.printable(file))' is \(kind), not a regular file; remove it (scrollwork "
          + "never deletes what it did not write)")
    }
    // One process at a time checks, and when need be rebuilds, the index:
    // without this, runs started together over a corrupt index delete
    // each other's new file ("attempt to write a readonly database").
    let lock = try Self.lock(file + ".lock")
    defer { close(lock) }
    let first: Result<DatabaseQueue, Error> = Result { try Self.openChecked(file, folder: folder) }
    if case .failure(let error as DatabaseError) = first,
      error.resultCode == .SQLITE_BUSY || error.resultCode == .SQLITE_LOCKED
    {
      // Busy is not corrupt: another run is writing it.
      throw .cache(
        "the photo index '\(FolderListing.printable(file))' is busy: another scrollwork run has been writing it "
          + "for more than 10 s; try again when it has finished")
    }
    if case .success(let opened) = first {
      queue = opened
    } else {
      if access(file, F_OK) == 0 { reason = "the index '\(file)' was unreadable or not this folder's; rebuilt it" }
      for suffix in ["", "-journal", "-wal", "-shm"] {
        var extra = stat()
        if lstat(file + suffix, &extra) == 0, extra.st_mode & S_IFMT == S_IFREG { unlink(file + suffix) }
      }
      do {
        queue = try Self.openChecked(file, folder: folder)
      } catch {
        throw .cache("cannot create the photo index '\(file)' (\(error))")
      }
    }
    rebuildReason = reason
  }

  /// Opens (creating, mode 0600, never through a link) and locks the
  /// index's lock file, waiting for another process that holds it.
  private static func lock(_ path: String) throws(LibraryError) -> Int32 {
    let fd = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK, 0o600)
    guard fd >= 0 else {
      throw .cache(
        "cannot open the photo index's lock file '\(FolderListing.printable(path))' "
          + "(\(String(cString: strerror(errno)))); remove it if it is not a regular file")
    }
    var info = stat()
    guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
      close(fd)
      throw .cache("the photo index's lock file '\(FolderListing.printable(path))' is not a regular file; remove it")
    }
    while flock(fd, LOCK_EX) != 0 {
      guard errno == EINTR else {
        let why = String(cString: strerror(errno))
        close(fd)
        throw .cache("cannot lock the photo index '\(FolderListing.printable(path))' (\(why))")
      }
    }
    return fd
  }

  static func absolute(_ folder: String) -> String {
    if let resolved = realpath(folder, nil) {
      defer { free(resolved) }
      return String(cString: resolved)
    }
    return folder.hasPrefix("/") ? folder : FileManager.default.currentDirectoryPath + "/" + folder
  }

  /// Opens `file`, creating the schema in an empty database; throws when
  /// the database is corrupt, of another schema, or another folder's.
  private static func openChecked(_ file: String, folder: String) throws -> DatabaseQueue {
    var configuration = Configuration()
    configuration.busyMode = .timeout(10)
    let queue = try DatabaseQueue(path: file, configuration: configuration)
    try queue.write { db in
      let check = try String.fetchOne(db, sql: "PRAGMA quick_check")
      guard check == "ok" else { throw DatabaseError(message: "quick_check: \(check ?? "no answer")") }
      let version = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
      if version == 0 {
        guard try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master") == 0 else {
          throw DatabaseError(message: "not a photo index")
        }
        try db.execute(
          sql: """
            CREATE TABLE meta(key TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL);
            CREATE TABLE file(
              name TEXT PRIMARY KEY NOT NULL, byteCount INTEGER NOT NULL, modified INTEGER NOT NULL,
              format TEXT, width INTEGER, height INTEGER, orientation INTEGER, date INTEGER, problem TEXT,
              color INTEGER);
            """)
        try db.execute(sql: "INSERT INTO meta(key, value) VALUES ('folder', ?)", arguments: [folder])
        try db.execute(sql: "PRAGMA user_version = \(schemaVersion)")
      } else {
        guard version == schemaVersion else { throw DatabaseError(message: "schema \(version)") }
        let owner = try String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'folder'")
        guard owner == folder else { throw DatabaseError(message: "another folder's index") }
      }
    }
    return queue
  }

  /// Every valid entry, by name. Rows with values out of range (a size of
  /// 0 or above `ImageLimits` (pixels, file bytes), an orientation outside
  /// 1…8, a date that does not exist, an unknown format) are left out, so
  /// their files are read again and held to the same limits.
  ///
  /// - Complexity: O(rows).
  public func entries() throws(LibraryError) -> [String: IndexedFile] {
    do {
      return try queue.read { db in
        // Sized once (no rehashing as 20,000 rows come in).
        let count = try Int.fetchOne(db, sql: "SELECT count(*) FROM file") ?? 0
        var result: [String: IndexedFile] = [:]
        result.reserveCapacity(Swift.max(0, Swift.min(count, 10_000_000)))
        let rows = try Row.fetchCursor(db, sql: "SELECT \(Self.columns) FROM file")
        while let row = try rows.next() {
          guard let entry = Self.entry(row) else { continue }
          result[entry.name] = entry
        }
        return result
      }
    } catch {
      throw .cache("cannot read the photo index '\(path)' (\(error))")
    }
  }

  /// The columns `entry(_:)` reads, in the order it reads them by index
  /// (by position, not by name: a name is looked up per row and value,
  /// which was most of reading 20,000 rows).
  static let columns = "name, byteCount, modified, format, width, height, orientation, date, problem, color"

  private static func entry(_ row: Row) -> IndexedFile? {
    guard let name = row[0] as String?, let byteCount = row[1] as Int64?,
      let modified = row[2] as Int64?, byteCount >= 0
    else { return nil }
    if let problem = row[8] as String? {
      return IndexedFile(name: name, byteCount: byteCount, modified: modified, header: nil, problem: problem)
    }
    guard let formatName = row[3] as String?, let format = ImageFormat(rawValue: formatName),
      let width = row[4] as Int?, let height = row[5] as Int?,
      let orientation = row[6] as Int?,
      (1...Int(Int32.max)).contains(width), (1...Int(Int32.max)).contains(height), (1...8).contains(orientation)
    else { return nil }
    var date: EXIFDate?
    if let packed = row[7] as Int64? {
      guard let unpacked = unpackDate(packed) else { return nil }
      date = unpacked
    }
    let header = ImageHeader(
      format: format, storedSize: PixelSize(width: width, height: height), orientation: orientation, date: date)
    // The limits a fresh header is held to: a forged row is read again.
    do throws(DecodeError) {
      try ImageLimits.check(size: header.storedSize, fileBytes: byteCount)
    } catch {
      return nil
    }
    var color: UInt32?
    if let packed = row[9] as Int64? {
      guard (0...0xFF_FFFF).contains(packed) else { return nil }
      color = UInt32(packed)
    }
    return IndexedFile(name: name, byteCount: byteCount, modified: modified, header: header, problem: nil, color: color)
  }

  /// `YYYYMMDDhhmmss` as one integer (sortable, exact).
  static func packDate(_ d: EXIFDate) -> Int64 {
    var v = Int64(d.year)
    for part in [d.month, d.day, d.hour, d.minute, d.second] { v = v * 100 + Int64(part) }
    return v
  }

  static func unpackDate(_ packed: Int64) -> EXIFDate? {
    guard packed > 0 else { return nil }
    var v = packed
    var parts: [Int] = []
    for _ in 0..<5 {
      parts.append(Int(v % 100))
      v /= 100
    }
    guard v <= 9999 else { return nil }
    let date = EXIFDate(
      year: Int(v), month: parts[4], day: parts[3], hour: parts[2], minute: parts[1], second: parts[0])
    return date.isValid ? date : nil
  }

  /// Records the average colours learnt from decoded thumbnails, by file
  /// name (rows that are gone are skipped).
  ///
  /// - Complexity: O(colours · log rows), one transaction.
  public func setColors(_ colors: [String: UInt32]) throws(LibraryError) {
    guard !colors.isEmpty else { return }
    do {
      try queue.write { db in
        let statement = try db.cachedStatement(sql: "UPDATE file SET color = ? WHERE name = ?")
        for (name, color) in colors { try statement.execute(arguments: [Int64(color & 0xFF_FFFF), name]) }
      }
    } catch {
      throw .cache("cannot write the photo index '\(path)' (\(error))")
    }
  }

  /// Writes `entries` (replacing rows of the same names) and deletes the
  /// rows of `removed`, in one transaction.
  ///
  /// - Complexity: O((entries + removed) · log rows).
  public func update(_ entries: [IndexedFile], removing removed: [String] = []) throws(LibraryError) {
    guard !entries.isEmpty || !removed.isEmpty else { return }
    do {
      try queue.write { db in
        let insert = try db.cachedStatement(
          sql: """
            INSERT OR REPLACE INTO file(name, byteCount, modified, format, width, height, orientation, date, problem,
              color)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        for e in entries {
          let h = e.header
          try insert.execute(arguments: [
            e.name, e.byteCount, e.modified, h?.format.rawValue, h?.storedSize.width, h?.storedSize.height,
            h?.orientation, h?.date.map(Self.packDate), h == nil ? (e.problem ?? "unreadable") : nil,
            e.color.map { Int64($0) },
          ])
        }
        let delete = try db.cachedStatement(sql: "DELETE FROM file WHERE name = ?")
        for name in removed { try delete.execute(arguments: [name]) }
      }
    } catch {
      throw .cache("cannot write the photo index '\(path)' (\(error))")
    }
  }
}
