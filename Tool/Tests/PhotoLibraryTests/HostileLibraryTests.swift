import Foundation
import PhotoLibrary
import Raster
import Testing

#if canImport(Glibc)
  import Glibc
#endif

@Suite struct HostileLibraryTests {
  @Test func aForgedRowMatchingTheFileIsHeldToThePixelLimitAndReadAgain() throws {
    let dir = temporaryFolder()
    let cacheDir = temporaryFolder()
    defer {
      try? FileManager.default.removeItem(atPath: dir)
      try? FileManager.default.removeItem(atPath: cacheDir)
    }
    try write(try photoBytes(date: EXIFDate(year: 2022, month: 1, day: 1)), dir + "/a.jpg")
    let cache = try CacheFolder(cacheDir)
    let index = try LibraryIndex(folder: dir, cache: cache)
    _ = try LibraryScanner(folder: dir, index: index).run()
    let size = Int64(try FileManager.default.attributesOfItem(atPath: dir + "/a.jpg")[.size] as! Int)
    for (forged, date) in [
      (PixelSize(width: 2_147_483_647, height: 2_147_483_647), EXIFDate?.none),
      (PixelSize(width: 64, height: 48), EXIFDate(year: 2023, month: 2, day: 30)),
    ] {
      try index.update([
        IndexedFile(
          name: "a.jpg", byteCount: size, modified: modifiedTime(dir + "/a.jpg"),
          header: ImageHeader(format: .jpeg, storedSize: forged, date: date), problem: nil)
      ])
      let library = try LibraryScanner(folder: dir, index: index).run()
      #expect(library.read == 1, "the forged row is not trusted")
      #expect(library.photos.map(\.size) == [PixelSize(width: 64, height: 48)])
      #expect(library.photos.first?.date == EXIFDate(year: 2022, month: 1, day: 1))
    }
  }

  @Test func indexRunsStartedTogetherOverACorruptIndexAllSucceed() throws {
    let dir = temporaryFolder()
    let cacheDir = temporaryFolder()
    defer {
      try? FileManager.default.removeItem(atPath: dir)
      try? FileManager.default.removeItem(atPath: cacheDir)
    }
    for n in 0..<20 {
      try write(try photoBytes(date: EXIFDate(year: 2022, month: 1, day: 1 + n)), dir + "/p\(n).jpg")
    }
    let cache = try CacheFolder(cacheDir)
    let path = try LibraryIndex(folder: dir, cache: cache).path
    for round in 0..<3 {
      try write(Array(repeating: UInt8(0x41 + round), count: 8192), path)
      let failures = Locked([String]())
      DispatchQueue.concurrentPerform(iterations: 4) { _ in
        do {
          let index = try LibraryIndex(folder: dir, cache: cache)
          let library = try LibraryScanner(folder: dir, index: index, workers: 2).run()
          if library.photos.count != 20 { failures.withLock { $0.append("\(library.photos.count) photos") } }
        } catch {
          failures.withLock { $0.append("\(error)") }
        }
      }
      #expect(failures.withLock { $0 } == [], "round \(round)")
    }
  }

  @Test func aFIFOAtTheIndexPathIsCalledAFIFO() throws {
    let dir = temporaryFolder()
    let cacheDir = temporaryFolder()
    defer {
      try? FileManager.default.removeItem(atPath: dir)
      try? FileManager.default.removeItem(atPath: cacheDir)
    }
    let cache = try CacheFolder(cacheDir)
    let path = try LibraryIndex(folder: dir, cache: cache).path
    unlink(path)
    #expect(mkfifo(path, 0o600) == 0)
    do {
      _ = try LibraryIndex(folder: dir, cache: cache)
      Issue.record("opened a FIFO as the index")
    } catch {
      #expect(error.description.contains("FIFO"), "\(error)")
      #expect(!error.description.contains("a link or a folder"))
    }
  }

  @Test func namesWithControlCharactersArePrintedEscaped() {
    #expect(FolderListing.printable("a\nskipped b.jpg: forged") == "a\\nskipped b.jpg: forged")
    #expect(FolderListing.printable("\u{1B}[31mred.jpg") == "\\e[31mred.jpg")
    #expect(FolderListing.printable("tab\there\\") == "tab\\there\\\\")
    #expect(FolderListing.printable("bell\u{07}\u{9B}\u{202E}gpj.exe") == "bell\\u{7}\\u{9B}\\u{202E}gpj.exe")
    #expect(FolderListing.printable("Été 2024.jpg") == "Été 2024.jpg")
    #expect(FolderListing.escaped([0x61, 0x0A, 0xFF]) == "a\\n\\xFF")
  }
}
