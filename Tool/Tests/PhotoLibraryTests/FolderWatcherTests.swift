import Foundation
import PhotoLibrary
import Testing

#if canImport(Glibc)
  import Glibc
#endif

@Suite struct FolderWatcherTests {
  @Test func namesWhatWasAddedRemovedRenamedAndRewrittenAndNothingElse() throws {
    let dir = temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    try write([1, 2, 3], dir + "/kept.jpg")
    let watcher = try FolderWatcher(dir)
    #expect(watcher.changes().isEmpty, "nothing yet")
    try write([4], dir + "/new.jpg")
    unlink(dir + "/kept.jpg")
    #expect(watcher.changes() == ["new.jpg", "kept.jpg"])
    #expect(watcher.changes().isEmpty, "each change once")
    #expect(rename(dir + "/new.jpg", dir + "/renamed.jpg") == 0)
    #expect(watcher.changes() == ["new.jpg", "renamed.jpg"])
    try write([5, 6], dir + "/renamed.jpg")
    #expect(watcher.changes() == ["renamed.jpg"], "rewritten in place")
    // A subfolder's files are not watched; the subfolder itself is.
    try FileManager.default.createDirectory(atPath: dir + "/sub", withIntermediateDirectories: false)
    _ = watcher.changes()
    try write([7], dir + "/sub/inner.jpg")
    #expect(watcher.changes().isEmpty)
  }

  @Test func aFolderThatCannotBeWatchedIsATypedError() {
    #expect(throws: LibraryError.self) { try FolderWatcher("/nonexistent-\(UInt32.random(in: 0...UInt32.max))") }
  }
}
