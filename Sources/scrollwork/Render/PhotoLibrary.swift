import Foundation
import Raster

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
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw CLIError("the photo folder '\(path)' does not exist")
    }
    guard isDirectory.boolValue else { throw CLIError("'\(path)' is a file, not a photo folder") }
    guard FileManager.default.isReadableFile(atPath: path),
      (try? FileManager.default.contentsOfDirectory(atPath: path)) != nil
    else { throw CLIError("cannot read the photo folder '\(path)' (permission denied)") }
  }

  /// Reads every file of `path` (sorted by name; hidden files and folders
  /// ignored). A file that is not a readable JPEG or PNG within the pixel
  /// limit becomes a `Problem`, reported through `report` as it is found.
  ///
  /// Each photo is decoded once at thumbnail size through `cache` (so a
  /// truncated or corrupt file is caught here, not mid-animation, and the
  /// thumbnail stays cached).
  static func load(_ path: String, cache: ImageCache, report: (Problem) -> Void) throws -> PhotoLibrary {
    try checkFolder(path)
    let names = try FileManager.default.contentsOfDirectory(atPath: path).filter { !$0.hasPrefix(".") }.sorted()
    var photos: [Photo] = []
    var problems: [Problem] = []
    for name in names {
      let file = path + "/" + name
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory), isDirectory.boolValue { continue }
      do throws(DecodeError) {
        let info = try cache.decoder.info(cache.decoder.read(file: file))
        let photo = Photo(name: name, size: info.size, source: .file(file))
        guard info.size.width > 0, info.size.height > 0 else { throw DecodeError.corrupt("zero width or height") }
        _ = try cache.image(for: photo, atLeast: PixelSize(width: 48, height: 48))
        photos.append(photo)
      } catch {
        let problem = Problem(name: name, reason: error.description)
        problems.append(problem)
        report(problem)
      }
    }
    return PhotoLibrary(photos: photos, problems: problems)
  }
}

/// Creates `path` when needed and checks a file can be written in it;
/// throws a clear error before any work otherwise.
func checkOutputFolder(_ path: String) throws {
  var isDirectory: ObjCBool = false
  if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
    guard isDirectory.boolValue else { throw CLIError("the output path '\(path)' is a file, not a folder") }
  } else {
    do {
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    } catch {
      // Say which ancestor is in the way: a file, or a folder we cannot write.
      var ancestor = (path as NSString).deletingLastPathComponent
      while !ancestor.isEmpty, ancestor != "/", !FileManager.default.fileExists(atPath: ancestor) {
        ancestor = (ancestor as NSString).deletingLastPathComponent
      }
      var isFolder: ObjCBool = false
      let why =
        FileManager.default.fileExists(atPath: ancestor, isDirectory: &isFolder) && !isFolder.boolValue
        ? "'\(ancestor)' is a file" : "'\(ancestor.isEmpty ? "." : ancestor)' is not writable"
      throw CLIError("cannot create the output folder '\(path)': \(why)")
    }
  }
  let probe = path + "/.scrollwork-write-check"
  guard FileManager.default.createFile(atPath: probe, contents: Data([0])) else {
    throw CLIError("cannot write in the output folder '\(path)' (permission denied?)")
  }
  try? FileManager.default.removeItem(atPath: probe)
}
