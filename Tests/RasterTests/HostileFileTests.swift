import Foundation
import Raster
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Paths that are not regular files, given where a photo or script is
/// read: each is named as what it is, and none blocks (a FIFO without a
/// writer would hang a plain `open`).
@Suite struct HostileFileTests {
  func folder() -> String {
    let path = NSTemporaryDirectory() + "scrollwork-hostile-" + UUID().uuidString
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  func expectError(_ path: String, _ expected: FileReadError, limit: Int = 1 << 20) {
    #expect(throws: expected, "\(path)") { _ = try RegularFile.read(path, limit: limit) }
  }

  @Test func aFIFOIsSkippedWithoutBlocking() throws {
    let dir = folder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let fifo = dir + "/pipe.jpg"
    #expect(mkfifo(fifo, 0o644) == 0)
    expectError(fifo, .notARegularFile(kind: "a FIFO (named pipe)"))
    #expect(throws: DecodeError.unreadable("it is a FIFO (named pipe)")) {
      _ = try ImageDecoder().decode(file: fifo)
    }
  }

  @Test func foldersDevicesLoopsAndDanglingLinksAreNamed() throws {
    let dir = folder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    expectError(dir, .notARegularFile(kind: "a folder"))
    expectError("/dev/null", .notARegularFile(kind: "a character device"))
    #expect(symlink(dir + "/b", dir + "/a") == 0)
    #expect(symlink(dir + "/a", dir + "/b") == 0)
    expectError(dir + "/a", .symlinkLoop)
    #expect(symlink(dir + "/nothing", dir + "/dangling") == 0)
    expectError(dir + "/dangling", .danglingLink)
    expectError(dir + "/missing", .missing)
    #expect(FileReadError.symlinkLoop.description.contains("loop"))
    #expect(!FileReadError.symlinkLoop.description.contains("no such file"))
  }

  @Test func sizeLimitsHoldAndRegularFilesRead() throws {
    let dir = folder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let file = dir + "/data"
    try writeFile([UInt8](repeating: 7, count: 1000), to: file)
    #expect(try RegularFile.read(file, limit: 1000).count == 1000)
    expectError(file, .tooLarge(limit: 999), limit: 999)
    expectError(file, .tooLarge(limit: 0), limit: -5)
    // Through a symbolic link: followed.
    #expect(symlink(file, dir + "/link") == 0)
    #expect(try RegularFile.read(dir + "/link", limit: 1000).count == 1000)
    // Empty files read as empty; the decoder says so.
    try writeFile([], to: dir + "/empty.png")
    #expect(try RegularFile.read(dir + "/empty.png", limit: 10).isEmpty)
    #expect(throws: DecodeError.empty) { _ = try ImageDecoder().decode(file: dir + "/empty.png") }
  }

  @Test func randomBytesNeverTrapTheDecoder() {
    // A small in-test fuzz: the libFuzzer harness in Fuzz/ goes much further.
    var state: UInt64 = 0x1234_5678
    func next() -> UInt8 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return UInt8(truncatingIfNeeded: state >> 33)
    }
    let decoder = ImageDecoder(maximumPixels: 1 << 20)
    let heads: [[UInt8]] = [[0xFF, 0xD8, 0xFF], [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]]
    var failures = 0
    for trial in 0..<400 {
      let bytes = heads[trial % 2] + (0..<(trial * 3)).map { _ in next() }
      do {
        let image = try decoder.decode(bytes, atLeast: PixelSize(width: 8, height: 8))
        #expect(image.width > 0 && image.height > 0)
      } catch {
        failures += 1
      }
    }
    #expect(failures > 0)
  }
}
