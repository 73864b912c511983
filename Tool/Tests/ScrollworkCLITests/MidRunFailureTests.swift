import Foundation
import LayoutCatalog
import LayoutCore
import PhotoLibrary
import Raster
import Scenes
import Testing
import ToolSupport

#if canImport(Glibc)
  import Glibc
#endif

/// Runs `script` with `/bin/sh -c` (`$0` is the `scrollwork` binary, `$1…`
/// are `arguments`) in `directory`; returns its status and output.
func runShell(
  _ script: String, _ arguments: [String], in directory: String? = nil
) throws -> (
  status: Int32, out: String, err: String
) {
  try runProcess(
    URL(fileURLWithPath: "/bin/sh"), ["-c", script, scrollworkExecutable().path] + arguments, in: directory)
}

/// Every file under `root` (hidden ones too) with its bytes: two snapshots
/// are equal when nothing was added, removed or changed.
func snapshot(_ root: String) -> [String: [UInt8]] {
  var result: [String: [UInt8]] = [:]
  for relative in FileManager.default.enumerator(atPath: root)?.allObjects as? [String] ?? [] {
    var info = stat()
    guard lstat(root + "/" + relative, &info) == 0 else { continue }
    if info.st_mode & S_IFMT == S_IFDIR {
      result[relative + "/"] = []
    } else {
      result[relative] = (try? RegularFile.read(root + "/" + relative, limit: 64 << 20)) ?? [0xFF]
    }
  }
  return result
}

/// Photos that vanish or are replaced while a run reads them, and output
/// that cannot be written (a full disk, a file-size limit, a folder in the
/// way).
@Suite struct MidRunFailureTests {
  func folder() -> String { temporaryFolder("scrollwork-midrun") }

  func message(_ body: () throws -> Any) -> String? { thrownMessage(body) }

  func job(
    _ output: String, photos: String? = nil,
    scene: SceneEntry = SceneEntry.flowGrid(FlowPreset.uikit.layout, name: "flow", preset: "uikit")
  ) -> RenderJob {
    RenderJob(
      output: output, photoFolder: photos, size: Size(width: 120, height: 200), scale: 1, fps: 10, debug: false,
      scenes: [(scene, "drag 0,-200 0.2; release; wait 0.2")], title: "test")
  }

  // MARK: Photos that vanish

  @Test func photosThatVanishOrAreReplacedAfterTheListingAreSkippedByName() throws {
    let dir = folder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let png = PNGEncoderFixture.png(width: 64, height: 48)
    for name in ["a.png", "b.png", "c.jpg", "d.png"] { try writeFile(png, to: dir + "/" + name) }
    try FileManager.default.createDirectory(atPath: dir + "/sub", withIntermediateDirectories: false)
    var listed: [String] = []
    var reported: [String] = []
    let library = try LibraryScanner(folder: dir, index: nil).run(
      afterListing: { names in
        listed = names
        // Between the listing and the reads: one file goes, one becomes a
        // FIFO (which must not block), one becomes a folder.
        unlink(dir + "/b.png")
        unlink(dir + "/c.jpg")
        mkfifo(dir + "/c.jpg", 0o644)
        unlink(dir + "/d.png")
        mkdir(dir + "/d.png", 0o755)
      })
    #expect(listed == ["a.png", "b.png", "c.jpg", "d.png"], "a folder in the listing is not a photo: \(listed)")
    reported = library.problems.map { "\($0.name): \($0.reason)" }
    #expect(library.photos.map(\.name) == ["a.png"])
    #expect(reported.count == 3, "\(reported)")
    #expect(reported.contains("b.png: the file vanished after the folder was listed"), "\(reported)")
    #expect(reported.contains { $0.hasPrefix("c.jpg: ") && $0.contains("FIFO") }, "\(reported)")
    #expect(reported.contains { $0.hasPrefix("d.png: ") && $0.contains("it is a folder") }, "\(reported)")
    #expect(reported.allSatisfy { !$0.contains("\n") }, "one line each")
  }

  @Test func theOnlyPhotoVanishingIsAClearErrorAndLeavesNoOutput() throws {
    let dir = folder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    try FileManager.default.createDirectory(atPath: dir + "/photos", withIntermediateDirectories: false)
    try writeFile(PNGEncoderFixture.png(width: 64, height: 48), to: dir + "/photos/only.png")
    var run = job(dir + "/out", photos: dir + "/photos")
    run.afterListingPhotos = { _ in unlink(dir + "/photos/only.png") }
    let text = message { try run.run() }
    #expect(text?.contains("no photo in '\(dir)/photos' could be read (1 file(s) skipped)") == true, "\(text ?? "")")
    #expect(!FileManager.default.fileExists(atPath: dir + "/out"), "no output folder is left")
  }

  @Test func aPhotoThatVanishesMidRunIsSkippedAndTheRunGoesOn() throws {
    let dir = folder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    try FileManager.default.createDirectory(atPath: dir + "/photos", withIntermediateDirectories: false)
    // Large enough that drawing needs a larger decode than the thumbnail
    // read when the folder is loaded: the file is read again mid-run.
    let big = PNGEncoderFixture.png(width: 1024, height: 768)
    for name in ["a.png", "b.png", "c.png"] { try writeFile(big, to: dir + "/photos/" + name) }
    // (The album's first page shows a.png large; the others stay small
    // enough in the strip to be drawn from the thumbnails.)
    var run = job(
      dir + "/out", photos: dir + "/photos",
      scene: SceneEntry.album(
        AlbumPreset.standard.configuration(stripHeight: 44, debug: false), name: "album", preset: "standard"))
    var loaded: [String] = []
    run.afterLoadingPhotos = { photos in
      loaded = photos.map(\.name)
      for name in ["a.png", "b.png", "c.png"] { unlink(dir + "/photos/" + name) }
    }
    var warnings: [String] = []
    run.report = { warnings.append($0) }
    try run.run()
    #expect(loaded == ["a.png", "b.png", "c.png"])
    #expect(
      warnings.contains("skipped a.png: the file vanished during the run (it was read when the folder was loaded)"),
      "\(warnings)")
    let skips = warnings.filter { !$0.hasPrefix("warning: ") }
    #expect(skips.allSatisfy { $0.hasPrefix("skipped ") && !$0.contains("\n") }, "\(warnings)")
    #expect(FileManager.default.fileExists(atPath: dir + "/out/index.html"), "the run finished")
    #expect(FileManager.default.fileExists(atPath: dir + "/out/album/animation.png"))
  }

  @Test func aFIFOAndADanglingLinkAmongPhotosAreSkippedEndToEnd() throws {
    let dir = folder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    try FileManager.default.createDirectory(atPath: dir + "/photos", withIntermediateDirectories: false)
    try writeFile(PNGEncoderFixture.png(width: 64, height: 48), to: dir + "/photos/good.png")
    #expect(mkfifo(dir + "/photos/pipe.jpg", 0o644) == 0)
    #expect(symlink(dir + "/photos/deleted.png", dir + "/photos/gone.png") == 0)
    let ok = try runScrollwork([
      "render", "--layout", "flow", "--out", dir + "/out", "--size", "120x200", "--fps", "10", "--photos",
      dir + "/photos", "--script", "drag 0,-100 0.2; release",
    ])
    #expect(ok.status == 0, "\(ok.err)")
    #expect(ok.err.contains("skipped pipe.jpg: cannot read the file (it is a FIFO (named pipe))"), "\(ok.err)")
    #expect(ok.err.contains("skipped gone.png: "), "\(ok.err)")
    #expect(ok.out.contains("1 photo(s) used, 2 skipped"), "\(ok.out)")
    // Nothing readable at all: a clear error, a non-zero status, no output.
    unlink(dir + "/photos/good.png")
    let none = try runScrollwork([
      "render", "--layout", "flow", "--out", dir + "/none", "--photos", dir + "/photos", "--script", "release",
    ])
    #expect(none.status != 0)
    #expect(none.err.contains("could be read (2 file(s) skipped); nothing rendered"), "\(none.err)")
    #expect(!FileManager.default.fileExists(atPath: dir + "/none"))
  }

  // MARK: Output that cannot be written

  static let render = [
    "render", "--layout", "flow", "--size", "100x160", "--fps", "10", "--script", "drag 0,-200 0.3; release; wait 0.3",
  ]
  /// A longer script: more and larger files than `render` writes.
  static let longer = [
    "render", "--layout", "flow", "--size", "100x160", "--fps", "10", "--every-frame", "--script",
    "drag 0,-400 0.6; release; wait 0.6",
  ]

  @Test func aFileSizeLimitFailsTheRunNamesTheFileAndKeepsThePreviousOutput() throws {
    let dir = folder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let first = try runScrollwork(Self.render + ["--out", dir + "/out"])
    #expect(first.status == 0, "\(first.err)")
    let before = snapshot(dir + "/out")
    #expect(before["flow/animation.png"] != nil && before[OutputFolder.manifestName] != nil)
    // Files are limited to 16 blocks (8 KiB in dash, 16 KiB in bash): a
    // write past that fails with EFBIG (SIGXFSZ is ignored, through exec).
    let limited = "ulimit -f 16; trap '' XFSZ; exec \"$0\" \"$@\""
    let second = try runShell(limited, Self.longer + ["--out", dir + "/out"])
    #expect(second.status != 0)
    #expect(second.err.contains("File too large"), "\(second.err)")
    #expect(second.err.contains("cannot write '\(dir)/out/flow/"), "names the file as published: \(second.err)")
    #expect(!second.err.contains(OutputFolder.stagingPrefix), "\(second.err)")
    #expect(second.err.contains("nothing was published"), "\(second.err)")
    #expect(second.err.split(separator: "\n").filter { $0.contains("cannot write") }.count == 1, "\(second.err)")
    #expect(snapshot(dir + "/out") == before, "the previous complete output is left as it was")
    // Into a new folder: nothing is left at all.
    let fresh = try runShell(limited, Self.longer + ["--out", dir + "/new/deeper"])
    #expect(fresh.status != 0)
    #expect(!FileManager.default.fileExists(atPath: dir + "/new"), "\(snapshot(dir))")
  }

  /// Whether this machine lets an unprivileged process mount a small
  /// tmpfs in a user namespace (`unshare -rm`): the real "disk full".
  static let canMountTmpfs: Bool = {
    guard let result = try? runShell("exec unshare -rm sh -c 'mount -t tmpfs -o size=64k tmpfs /mnt' 2>/dev/null", [])
    else { return false }
    return result.status == 0
  }()

  @Test(.enabled(if: canMountTmpfs, "needs unprivileged user namespaces (unshare -rm)"))
  func aFullDiskFailsTheRunNamesTheFileAndKeepsThePreviousOutput() throws {
    let dir = folder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let first = try runScrollwork(Self.render + ["--out", dir + "/previous"])
    #expect(first.status == 0, "\(first.err)")
    let before = snapshot(dir + "/previous")
    let used = before.values.reduce(0) { $0 + $1.count }
    try FileManager.default.createDirectory(atPath: dir + "/disk", withIntermediateDirectories: false)
    // A file system with room for the previous output and 48 KiB more
    // (the longer run needs several times that); the folder is copied
    // back out before the namespace (and the mount) ends.
    let script = """
      disk="$1"; shift; dir="$1"; shift
      exec unshare -rm sh -c '
        bin="$1"; disk="$2"; dir="$3"; size="$4"; shift 4
        mount -t tmpfs -o size="$size" tmpfs "$disk" || exit 90
        cp -a "$dir/previous" "$disk/out" || exit 91
        "$bin" "$@" --out "$disk/out" 2> "$dir/stderr"
        echo $? > "$dir/status"
        cp -a "$disk/out" "$dir/after"
        df -k "$disk" > "$dir/df"
      ' sh "$0" "$disk" "$dir" \(used / 1024 + 48 + 16)k "$@"
      """
    let full = try runShell(script, [dir + "/disk", dir] + Self.longer)
    #expect(full.status == 0, "the namespace ran: \(full.err)")
    let status = String(decoding: (try? RegularFile.read(dir + "/status", limit: 100)) ?? [], as: UTF8.self)
    let err = String(decoding: (try? RegularFile.read(dir + "/stderr", limit: 1 << 20)) ?? [], as: UTF8.self)
    #expect(status.trimmingCharacters(in: .whitespacesAndNewlines) == "1", "status \(status); \(err)")
    #expect(err.contains("No space left on device"), "\(err)")
    #expect(err.contains("cannot write '\(dir)/disk/out/"), "names the file as published: \(err)")
    #expect(err.contains("nothing was published"), "\(err)")
    #expect(snapshot(dir + "/after") == before, "the previous complete output is left as it was")
  }

  @Test func aManifestThatCannotBeWrittenPublishesNothing() throws {
    let dir = folder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    try job(dir).run()
    let before = snapshot(dir)
    let output = try OutputFolder(dir)
    try FileManager.default.createDirectory(atPath: output.staging + "/flow", withIntermediateDirectories: false)
    try FileManager.default.createDirectory(atPath: output.staging + "/carousel", withIntermediateDirectories: false)
    try writeFile([1, 2, 3], to: output.staging + "/flow/animation.png")
    try writeFile([4, 5, 6], to: output.staging + "/carousel/animation.png")
    try writeFile([7], to: output.staging + "/index.html")
    // The disk fills up after the frames: the manifest is the first write
    // of commit, before anything is published.
    output.write = { _, path in throw EncodeError.write(path, "No space left on device") }
    let text = message { try output.commit() }
    output.abandon()
    #expect(text?.contains("cannot write '\(dir)/\(OutputFolder.manifestName)': No space left on device") == true)
    #expect(text?.contains("nothing was published") == true, "\(text ?? "")")
    #expect(snapshot(dir) == before, "no new folder, no file replaced, no staging folder left")
  }

  @Test func aFolderInTheWayPublishesNothing() throws {
    let dir = folder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    try FileManager.default.createDirectory(atPath: dir + "/flow/animation.png", withIntermediateDirectories: true)
    try writeFile(Array("old page".utf8), to: dir + "/index.html")
    let before = snapshot(dir)
    let output = try OutputFolder(dir)
    try FileManager.default.createDirectory(atPath: output.staging + "/flow", withIntermediateDirectories: false)
    try writeFile([1], to: output.staging + "/flow/animation.png")
    try writeFile([2], to: output.staging + "/index.html")
    let text = message { try output.commit() }
    output.abandon()
    #expect(text?.contains("'\(dir)/flow/animation.png': a folder is in the way") == true, "\(text ?? "")")
    #expect(snapshot(dir) == before)
  }

  // MARK: Paths

  @Test func parentsOfPathsNeverTrap() {
    #expect(OutputFolder.parent(of: "out") == "")
    #expect(OutputFolder.parent(of: "a/b") == "a")
    #expect(OutputFolder.parent(of: "a/b/") == "a")
    #expect(OutputFolder.parent(of: "/a") == "/")
    #expect(OutputFolder.parent(of: "/") == "/")
    #expect(OutputFolder.parent(of: "") == "")
  }

  @Test func aRelativeOneWordOutputFolderAndAChangeOfSceneWork() throws {
    // `--out out` made Foundation's deletingLastPathComponent trap, and so
    // did removing a scene folder of one word left by the previous run.
    let dir = folder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let first = try runShell(
      "exec \"$0\" \"$@\"",
      ["render", "--layout", "carousel", "--out", "out", "--size", "120x200", "--fps", "10", "--script", "release"],
      in: dir)
    #expect(first.status == 0, "\(first.err)")
    #expect(FileManager.default.fileExists(atPath: dir + "/out/carousel/animation.png"))
    let second = try runShell(
      "exec \"$0\" \"$@\"",
      ["render", "--layout", "flow", "--out", "out", "--size", "120x200", "--fps", "10", "--script", "release"],
      in: dir)
    #expect(second.status == 0, "\(second.err)")
    #expect(!FileManager.default.fileExists(atPath: dir + "/out/carousel"), "the earlier scene's folder is gone")
    #expect(FileManager.default.fileExists(atPath: dir + "/out/flow/animation.png"))
  }

  @Test func aSceneThatFailsPublishesTheOthersAndFailsTheRun() throws {
    // `demo` used to exit 0 when a scene failed: only a line on standard
    // error said so, and a script publishing the page could not tell.
    let dir = folder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let good = SceneEntry.flowGrid(FlowPreset.uikit.layout, name: "good", preset: "uikit")
    let bad = SceneEntry.flowGrid(FlowPreset.uikit.layout, name: "bad", preset: "uikit")
    var job = job(dir + "/out")
    job.scenes = [(good, "release; wait 0.2"), (bad, "drag nan 1")]
    var warnings: [String] = []
    job.report = { warnings.append($0) }
    let thrown = message { try job.run() }
    #expect(thrown?.contains("1 of 2 scene(s) not rendered (bad)") == true, "\(thrown ?? "no error")")
    #expect(FileManager.default.fileExists(atPath: dir + "/out/good/animation.png"))
    #expect(FileManager.default.fileExists(atPath: dir + "/out/index.html"))
    #expect(!FileManager.default.fileExists(atPath: dir + "/out/bad"))
    #expect(warnings.contains { $0.hasPrefix("bad: not rendered") }, "\(warnings)")
  }
}
