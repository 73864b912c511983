import Foundation
import LayoutCore
import Raster
import Scenes
import Testing
import ToolSupport
@testable import scrollwork

#if canImport(Glibc)
  import Glibc
#endif

/// The output folder as a hostile user (or a second run) leaves it: links
/// to folders elsewhere, files replaced since the last run, forged
/// manifests, two runs at once, a run killed mid-way. Nothing outside the
/// folder is touched, and nothing inside it that scrollwork did not write
/// (or that changed since) is deleted or replaced.
@Suite struct OutputFolderSafetyTests {
  func folder() -> String { temporaryFolder("scrollwork-outsafe") }

  func job(
    _ output: String, script: String = "drag 0,-200 0.2; release; wait 0.2", everyFrame: Bool = false
  )
    -> RenderJob
  {
    var job = RenderJob(
      output: output, photoFolder: nil, size: Size(width: 100, height: 160), scale: 1, fps: 10, debug: false,
      scenes: [(FlowEntry.scene(.uikit), script)], title: "test")
    job.everyFrame = everyFrame
    job.report = { _ in }
    return job
  }

  func put(_ bytes: [UInt8], _ path: String) throws {
    try FileManager.default.createDirectory(atPath: OutputFolder.parent(of: path), withIntermediateDirectories: true)
    try writeFile(bytes, to: path)
  }

  func read(_ path: String) -> [UInt8]? { try? RegularFile.read(path, limit: 64 << 20) }

  func exists(_ path: String) -> Bool {
    var info = stat()
    return lstat(path, &info) == 0
  }

  func identity(_ path: String) -> stat {
    var info = stat()
    _ = lstat(path, &info)
    return info
  }

  /// A manifest whose entries carry the exact identity of `files` (path in
  /// the manifest → file on disk), as a forger who read them with `stat`
  /// would write it.
  func forge(_ dir: String, _ files: [(String, String)]) throws {
    let entries = files.map { OutputManifest.Entry(path: $0.0, identity($0.1)) }
    try writeFile(OutputManifest(entries: entries).bytes, to: dir + "/" + OutputFolder.manifestName)
  }

  let png = PNGEncoderFixture.png(width: 8, height: 8)

  // MARK: Links

  @Test func aLinkToAFolderElsewhereIsNeverFollowed() throws {
    let dir = folder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let outside = dir + "/mine"
    let out = dir + "/out"
    let users = ["key-01.png", "animation.png", "frame-0001.png", "notes.txt"]
    for name in users { try put(png, outside + "/" + name) }
    try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
    // The scene folder this run writes is a link to the user's folder.
    #expect(symlink(outside, out + "/flow") == 0)
    var failed = false
    do { try job(out).run() } catch {
      failed = true
      #expect("\(error)".contains("'\(out)/flow': it is a symbolic link"), "\(error)")
      #expect("\(error)".contains("nothing was published"), "\(error)")
    }
    #expect(failed, "a run into a linked scene folder fails")
    for name in users { #expect(read(outside + "/" + name) == png, "\(name) outside is untouched") }
    #expect(!exists(out + "/" + OutputFolder.manifestName) && !exists(out + "/index.html"))

    // A scene folder the run does not write, linked outside, with a forged
    // manifest naming the files there by their exact identity.
    #expect(unlink(out + "/flow") == 0)
    #expect(symlink(outside, out + "/coverflow") == 0)
    try forge(out, users.filter { $0.hasSuffix(".png") }.map { ("coverflow/" + $0, outside + "/" + $0) })
    try job(out).run()
    for name in users { #expect(read(outside + "/" + name) == png, "\(name) outside is untouched") }
    #expect(exists(out + "/coverflow"), "the link itself is left too")
    #expect(read(out + "/flow/animation.png") != nil)
  }

  @Test func aLinkedManifestOrLockIsNotFollowed() throws {
    let dir = folder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let out = dir + "/out"
    try put(png, dir + "/mine.png")
    try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
    // A manifest that is a link to the user's file: not read, and the new
    // manifest replaces the link, not the file it points to.
    #expect(symlink(dir + "/mine.png", out + "/" + OutputFolder.manifestName) == 0)
    try job(out).run()
    #expect(read(dir + "/mine.png") == png)
    #expect(identity(out + "/" + OutputFolder.manifestName).st_mode & S_IFMT == S_IFREG)
    // A lock file that is a link: refused, named; the target untouched.
    #expect(symlink(dir + "/mine.png", out + "/" + OutputFolder.lockName) == 0)
    let text = thrownMessage { try OutputFolder(out) }
    #expect(text?.contains("'\(out)/\(OutputFolder.lockName)' is a symbolic link") == true, "\(text ?? "")")
    #expect(read(dir + "/mine.png") == png)
  }

  // MARK: Replaced and forged files

  @Test func filesReplacedSinceTheLastRunAreNeverDeleted() throws {
    let dir = folder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    try job(dir, script: "drag 0,-200 0.5; release; wait 0.5", everyFrame: true).run()
    let frames = (try FileManager.default.contentsOfDirectory(atPath: dir + "/flow")).filter { $0.hasPrefix("frame-") }
      .sorted()
    #expect(frames.count > 5)
    // One replaced by a new file (a new inode), one rewritten in place
    // (same inode, same size, new time), one replaced by a link.
    let replaced = dir + "/flow/" + frames[1]
    #expect(unlink(replaced) == 0)
    try put(png, replaced)
    let rewritten = dir + "/flow/" + frames[2]
    var bytes = read(rewritten) ?? []
    bytes[bytes.count - 1] ^= 0xFF
    let fd = open(rewritten, O_WRONLY)
    #expect(fd >= 0)
    _ = bytes.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
    var times = [timespec(tv_sec: 0, tv_nsec: (1 << 30) - 1), timespec(tv_sec: 0, tv_nsec: (1 << 30) - 1)]
    futimens(fd, &times)
    close(fd)
    let linked = dir + "/flow/" + frames[3]
    #expect(unlink(linked) == 0)
    #expect(symlink(replaced, linked) == 0)

    // A second, shorter run without --every-frame.
    var printed: [String] = []
    var second = job(dir, script: "wait 0.2")
    second.report = { printed.append($0) }
    try second.run()
    #expect(read(replaced) == png, "the user's replacement is kept")
    #expect(read(rewritten) == bytes, "a file rewritten in place is kept")
    #expect(identity(linked).st_mode & S_IFMT == S_IFLNK, "a link is kept")
    for frame in frames.dropFirst(4) { #expect(!exists(dir + "/flow/" + frame), "\(frame), unchanged, is removed") }
    #expect(!exists(dir + "/flow/" + frames[0]))
  }

  @Test func aFileOfTheUsersInTheWayOfANewOneFailsTheRun() throws {
    let dir = folder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    try job(dir).run()
    // The user replaces the animation (and writes their own index.html):
    // the next run would replace them, so it refuses, naming them.
    #expect(unlink(dir + "/flow/animation.png") == 0)
    try put(png, dir + "/flow/animation.png")
    let before = snapshot(dir)
    let text = thrownMessage { try job(dir).run() }
    #expect(text?.contains("cannot replace '\(dir)/flow/animation.png'") == true, "\(text ?? "")")
    #expect(text?.contains("move it away, or choose another --out") == true, "\(text ?? "")")
    #expect(snapshot(dir) == before, "nothing published, nothing removed")
    // Output of a version whose manifest has no identities is not taken
    // for ours either.
    let legacy = folder()
    defer { try? FileManager.default.removeItem(atPath: legacy) }
    try put(png, legacy + "/flow/animation.png")
    try put(Array("<html>old</html>".utf8), legacy + "/index.html")
    try put(Array("# files\nflow/animation.png\nindex.html\n".utf8), legacy + "/" + OutputFolder.manifestName)
    let old = snapshot(legacy)
    let legacyText = thrownMessage { try job(legacy).run() }
    #expect(legacyText?.contains("'\(legacy)/flow/animation.png'") == true, "\(legacyText ?? "")")
    #expect(legacyText?.contains("'\(legacy)/index.html'") == true, "\(legacyText ?? "")")
    #expect(snapshot(legacy) == old)
  }

  @Test func aForgedManifestDeletesNothingScrollworkDidNotWrite() throws {
    let dir = folder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let out = dir + "/out"
    // The user's files, inside and outside the folder.
    let mine = [
      out + "/notes.txt", out + "/holiday/key-01.png", out + "/carousel/key-01.png", out + "/carousel/frame-0001.png",
      dir + "/outside.png", dir + "/elsewhere/key-02.png",
    ]
    for file in mine { try put(png, file) }
    #expect(symlink(dir + "/elsewhere", out + "/stack") == 0)
    // Forged entries: paths scrollwork never writes (with exact
    // identities), `..`, absolute paths, a link's target, wrong identities,
    // and garbage.
    var entries = [
      OutputManifest.Entry(path: "notes.txt", identity(out + "/notes.txt")),
      OutputManifest.Entry(path: "../outside.png", identity(dir + "/outside.png")),
      OutputManifest.Entry(path: dir + "/outside.png", identity(dir + "/outside.png")),
      OutputManifest.Entry(path: "stack/key-02.png", identity(dir + "/elsewhere/key-02.png")),
      OutputManifest.Entry(path: "holiday/key-01.png/../../notes.txt", identity(out + "/notes.txt")),
    ]
    var wrong = OutputManifest.Entry(path: "carousel/key-01.png", identity(out + "/carousel/key-01.png"))
    wrong.inode &+= 1
    entries.append(wrong)
    var stale = OutputManifest.Entry(path: "carousel/frame-0001.png", identity(out + "/carousel/frame-0001.png"))
    stale.modifiedNanoseconds = (stale.modifiedNanoseconds + 1) % 1_000_000_000
    entries.append(stale)
    var text = OutputManifest(entries: entries).bytes
    text += Array("1 2 3 4 5\nnot a line at all\n0 0 0 0 0 index.html\n".utf8) + [0xFF, 0x0A]
    try writeFile(text, to: out + "/" + OutputFolder.manifestName)
    try job(out).run()
    for file in mine { #expect(read(file) == png, "\(file) is kept") }
    // Only entries of paths scrollwork writes are understood (and those
    // are checked against the file, not the name, before any delete).
    #expect(
      OutputManifest.parse(text).entries.map(\.path) == [
        "stack/key-02.png", "carousel/key-01.png", "carousel/frame-0001.png", "index.html",
      ])
  }

  @Test func manifestsParseOnlyWhatTheyUnderstand() {
    let entry = OutputManifest.Entry(
      path: "flow/key-01.png", device: 66, inode: 1234, size: 99, modifiedSeconds: 1_700_000_000,
      modifiedNanoseconds: 5)
    let manifest = OutputManifest(entries: [
      entry,
      .init(
        path: "index.html", device: 1, inode: 2, size: 3,
        modifiedSeconds: -4, modifiedNanoseconds: 999_999_999),
    ])
    #expect(OutputManifest.parse(manifest.bytes) == manifest, "round trip")
    for line in [
      "66 1234 99 1 5 notes.txt", "66 1234 99 1 5 ../flow/key-01.png", "66 1234 99 1 5 /flow/key-01.png",
      "66 1234 -1 1 5 flow/key-01.png", "66 1234 99 1 1000000000 flow/key-01.png", "66 1234 99 1 5",
      "flow/key-01.png", "66 1234 99 1 5 flow/key-1.png", "66 1234 99 1 5 .staging/key-01.png",
      "66 1234 99 1 5 flow/sub/key-01.png", "-1 1234 99 1 5 flow/key-01.png", "66 1234 99 1 5  flow/key-01.png",
    ] {
      let parsed = OutputManifest.parse(Array(line.utf8))
      #expect(parsed.entries.isEmpty && parsed.ignoredLines == 1, "\(line)")
    }
    // Every scene the registry records is a path a manifest accepts.
    for entry in LayoutRegistry.all {
      for scene in entry.allScenes {
        #expect(OutputManifest.isOutputPath(scene.name + "/animation.png"), "\(scene.name)")
        #expect(OutputManifest.isOutputPath(scene.name + "/key-01.png"), "\(scene.name)")
        #expect(OutputManifest.isOutputPath(scene.name + "/frame-0001.png"), "\(scene.name)")
      }
    }
  }

  // MARK: Two runs at once

  @Test func aSecondRunIntoALockedFolderFailsAtOnceNamingTheLock() throws {
    let dir = folder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    try job(dir).run()
    let before = snapshot(dir)
    let first = try OutputFolder(dir)
    // In this process: a second lock on the same folder.
    let text = thrownMessage { try OutputFolder(dir) }
    #expect(text?.contains("another scrollwork run is writing into '\(dir)'") == true, "\(text ?? "")")
    #expect(text?.contains("'\(dir)/\(OutputFolder.lockName)'") == true, "\(text ?? "")")
    // Another process: the binary fails at once and changes nothing.
    let other = try runScrollwork([
      "render", "--layout", "flow", "--size", "100x160", "--fps", "10", "--script", "release", "--out", dir,
    ])
    #expect(other.status != 0)
    #expect(other.err.contains("'\(dir)/\(OutputFolder.lockName)'"), "\(other.err)")
    first.abandon()
    #expect(snapshot(dir) == before, "the refused run changed nothing; the lock file is gone with the lock")
    // Released: the next run goes ahead.
    let after = try runScrollwork([
      "render", "--layout", "flow", "--size", "100x160", "--fps", "10", "--script", "release", "--out", dir,
    ])
    #expect(after.status == 0, "\(after.err)")
    #expect(!exists(dir + "/" + OutputFolder.lockName))
  }

  /// A run that wins the lock on a file another run had just created (the
  /// creator then fails) removes it at release; a file of that name that
  /// no run made is left alone.
  @Test func theWinnerOfARaceRemovesTheLockFileAndAStrangersFileStays() throws {
    let dir = folder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    let path = dir + "/" + OutputLock.fileName
    // As the losing creator leaves it: the marker, no lock held.
    try Data(OutputLock.marker).write(to: URL(fileURLWithPath: path))
    let won = try OutputLock(Directory(opening: dir))
    #expect(won.isHeld)
    won.release()
    #expect(!exists(path), "the run's lock file is removed by the run that held it")
    // A file someone else put there: locked, used, left as it was.
    try Data("mine".utf8).write(to: URL(fileURLWithPath: path))
    let other = try OutputLock(Directory(opening: dir))
    other.release()
    #expect(read(path) == Array("mine".utf8))
  }

  /// Starts the binary with `arguments`, its standard error into `errorFile`.
  func start(_ arguments: [String], errorFile: String) throws -> Process {
    let process = Process()
    process.executableURL = scrollworkExecutable()
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    _ = FileManager.default.createFile(atPath: errorFile, contents: nil)
    process.standardError = FileHandle(forWritingAtPath: errorFile)
    try process.run()
    return process
  }

  @Test func twoProcessesAtOnceLeaveOneWholeOutputAndATrueManifest() throws {
    let dir = folder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let args = [
      "render", "--layout", "flow", "--size", "100x160", "--fps", "10", "--out", dir + "/out", "--script",
      "drag 0,-300 0.6; release; wait 0.6",
    ]
    // Both start together; the one that finds the lock taken fails at once.
    let runs = try ["a", "b"].map { try start(args, errorFile: dir + "/\($0).err") }
    for run in runs { run.waitUntilExit() }
    let statuses = runs.map(\.terminationStatus)
    #expect(statuses.contains(0), "\(statuses)")
    let errors = ["a", "b"].map { String(decoding: read(dir + "/\($0).err") ?? [], as: UTF8.self) }
    for (status, err) in zip(statuses, errors) where status != 0 {
      #expect(err.contains(OutputFolder.lockName), "a refused run names the lock: \(err)")
    }
    // Whatever the interleaving, the manifest describes the files on disk.
    let manifest = OutputManifest.parse(read(dir + "/out/" + OutputFolder.manifestName) ?? [])
    #expect(!manifest.entries.isEmpty)
    for entry in manifest.entries {
      #expect(entry.matches(identity(dir + "/out/" + entry.path)), "\(entry.path) is as the manifest says")
    }
    #expect(!exists(dir + "/out/" + OutputFolder.lockName))
  }

  @Test func aRunKilledMidWayLeavesThePreviousOutputWhole() throws {
    let dir = folder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let out = dir + "/out"
    let first = try runScrollwork([
      "render", "--layout", "flow", "--size", "100x160", "--fps", "10", "--script", "release", "--out", out,
    ])
    #expect(first.status == 0, "\(first.err)")
    let before = snapshot(out)
    // A long run, killed (SIGKILL) once its staging folder holds a frame.
    let run = try start(
      [
        "render", "--layout", "flow", "--size", "200x320", "--fps", "60", "--every-frame", "--script",
        "drag 0,-400 3; release; wait 5", "--out", out,
      ], errorFile: dir + "/err")
    func staged() -> Bool {
      let names = (try? FileManager.default.contentsOfDirectory(atPath: out)) ?? []
      return names.contains { name in
        name.hasPrefix(OutputFolder.stagingPrefix)
          && ((try? FileManager.default.contentsOfDirectory(atPath: out + "/" + name + "/flow")) ?? []).count > 2
      }
    }
    while run.isRunning, !staged() { usleep(20_000) }
    kill(run.processIdentifier, SIGKILL)
    run.waitUntilExit()
    #expect(run.terminationReason == .uncaughtSignal, "killed mid-way, not finished")
    var after = snapshot(out).filter { !$0.key.hasPrefix(OutputFolder.stagingPrefix) }
    after[OutputFolder.lockName] = nil  // a killed run cannot remove its lock file; the lock itself died with it
    #expect(after == before, "every file of the previous output is as it was")
    // The next run is not blocked by the dead run's lock file.
    let next = try runScrollwork([
      "render", "--layout", "flow", "--size", "100x160", "--fps", "10", "--script", "wait 0.1", "--out", out,
    ])
    #expect(next.status == 0, "\(next.err)")
  }
}
