#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An exclusive lock on an output folder: `flock` on the file
/// `.scrollwork-lock` inside it. A second run that asks for it while a
/// first holds it fails at once (it does not wait), with a message naming
/// the lock file.
///
/// The lock file is opened without following a link and must be a
/// regular file. It is removed when released if a run created it (this
/// one, or one that lost the race to lock the file it had just made: the
/// file then holds `marker`), while still held; a run that opened a file about to be removed sees
/// that the name no longer leads to the file it locked and tries again,
/// so two runs never both hold "the" lock.
public final class OutputLock {
  /// The lock file's name in the output folder.
  public static let fileName = ".scrollwork-lock"

  private let folder: Directory
  private var descriptor: Int32
  private let created: Bool

  /// Takes the lock on `folder`.
  ///
  /// - Throws: `CLIError`: "another scrollwork run is writing into 'out'
  ///   (it holds the lock 'out/.scrollwork-lock') …" when it is held;
  ///   a message naming the lock file when it cannot be made or is not a
  ///   regular file (a link, a folder, a FIFO).
  public init(_ folder: Directory) throws {
    let lockPath = folder.path + "/" + Self.fileName
    for _ in 0..<100 {
      var created = true
      var fd = openat(
        folder.descriptor, Self.fileName, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o644)
      if fd >= 0 {
        // Marks the file as a run's own, for whichever run ends up holding it.
        _ = Self.marker.withUnsafeBufferPointer { write(fd, $0.baseAddress, $0.count) }
      } else if errno == EEXIST {
        created = false
        fd = openat(folder.descriptor, Self.fileName, O_RDWR | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        if fd < 0, errno == ENOENT { continue }  // removed in between: try again
      }
      guard fd >= 0 else {
        let code = errno
        if code == ELOOP, let info = folder.info(Self.fileName), info.st_mode & S_IFMT == S_IFLNK {
          throw CLIError("cannot lock the output folder: '\(lockPath)' is a symbolic link; remove it")
        }
        let why =
          code == EACCES || code == EPERM || code == EROFS ? "permission denied" : Directory.reason(code)
        throw CLIError("cannot write in the output folder '\(folder.path)' (\(why))")
      }
      var info = stat()
      guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
        close(fd)
        throw CLIError(
          "cannot lock the output folder: '\(lockPath)' is \(Directory.kind(info)), not a file; remove it")
      }
      guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
        let code = errno
        close(fd)
        if code == EWOULDBLOCK || code == EAGAIN {
          throw CLIError(
            "another scrollwork run is writing into '\(folder.path)' (it holds the lock '\(lockPath)'); "
              + "wait for it to finish, or choose another --out")
        }
        throw CLIError("cannot lock '\(lockPath)': \(Directory.reason(code))")
      }
      // Still the file of that name? (A run releasing its lock removes it.)
      guard let now = folder.info(Self.fileName), now.st_dev == info.st_dev, now.st_ino == info.st_ino else {
        close(fd)
        continue
      }
      self.folder = folder
      self.descriptor = fd
      self.created = created
      return
    }
    throw CLIError("cannot lock '\(lockPath)': it keeps being replaced")
  }

  /// What a run writes into a lock file it creates. A run that opened
  /// the file another had just created can win the lock (the creator then
  /// fails); the marker tells the winner that the file is a run's own, to
  /// remove at release, where a file of that name with other contents is
  /// left alone.
  public static let marker: [UInt8] = Array("scrollwork output lock\n".utf8)

  /// Whether the locked file holds the marker (a run made it).
  private var isMarked: Bool {
    var buffer = [UInt8](repeating: 0, count: Self.marker.count)
    let n = buffer.withUnsafeMutableBufferPointer { pread(descriptor, $0.baseAddress, $0.count, 0) }
    return n == Self.marker.count && buffer == Self.marker
  }

  /// Whether the lock is still held by this value.
  public var isHeld: Bool { descriptor >= 0 }

  /// Releases the lock (removing the lock file when this lock made it).
  /// Safe to call more than once.
  public func release() {
    guard descriptor >= 0 else { return }
    var mine = stat()
    if created || isMarked, fstat(descriptor, &mine) == 0, let now = folder.info(Self.fileName),
      now.st_dev == mine.st_dev, now.st_ino == mine.st_ino
    {
      folder.removeFile(Self.fileName)
    }
    close(descriptor)
    descriptor = -1
  }

  deinit { release() }
}
