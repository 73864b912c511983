import FuzzSupport
import Foundation
import LayoutCore
import ToolSupport

#if canImport(Glibc)
  import Glibc
#endif

/// The command-line tool's readers and its output folder, on arbitrary
/// bytes. The first byte picks the target:
///
/// - 0: option values (`OptionValues`): any text parses or gives `nil`;
///   what parses has the shape asked for, and formatting it back parses to
///   the same bits.
/// - 1: text files (`TextFile`): decoding gives text or a message; a
///   decoded text has no byte-order mark first, and its lines hold no line
///   end. One input in four is also standard input (a pipe, or closed):
///   read with a limit, it is what the file decodes to or an error, never
///   text past the limit nor empty text for a closed input.
/// - 2: manifests (`OutputManifest.parse`): any bytes give entries of
///   output paths only, and a manifest round-trips through its text.
/// - 3: the output folder (1 input in 4 does file-system work): a folder
///   built from the bytes (files, links to a folder outside, sub-folders),
///   a manifest of lines from the bytes — some naming real files by their
///   exact identity — and a lock: a second `OutputFolder` is refused while
///   the first holds the lock, and a commit never changes anything outside
///   the folder, never deletes a file the manifest does not describe
///   exactly, and leaves no lock file.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTool(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  guard let data, size > 0 else { return 0 }
  let bytes = UnsafeBufferPointer(start: data, count: size)
  let rest = Array(bytes.dropFirst())
  switch bytes[0] % 4 {
  case 0: optionValues(String(decoding: rest, as: UTF8.self))
  case 1: textFile(rest)
  case 2: manifest(rest)
  default: outputFolder(rest)
  }
  return 0
}

func same(_ a: Double, _ b: Double) -> Bool { a.bitPattern == b.bitPattern || (a.isNaN && b.isNaN) }

func optionValues(_ text: String) {
  if let size = OptionValues.size(text) {
    if text.lowercased().split(separator: "x", omittingEmptySubsequences: false).count != 2 { fuzzFail("size shape") }
    guard let again = OptionValues.size("\(size.width)x\(size.height)"), same(again.width, size.width),
      same(again.height, size.height)
    else { fuzzFail("size round trip: \(text)") }
  }
  if let point = OptionValues.point(text) {
    guard let again = OptionValues.point("\(point.x),\(point.y)"), same(again.x, point.x), same(again.y, point.y)
    else { fuzzFail("point round trip: \(text)") }
  }
  if let pair = OptionValues.pair(text), OptionValues.point(text).map({ same($0.y, pair.y) }) != true {
    fuzzFail("a pair is a point with both values: \(text)")
  }
  if let sizes = OptionValues.sizes(text) {
    if sizes.count != text.split(separator: ",", omittingEmptySubsequences: false).count { fuzzFail("sizes count") }
  }
  if let values = OptionValues.integers(text) {
    if values.map(String.init).joined(separator: ",") != text
      && values.count != text.split(separator: ",", omittingEmptySubsequences: false).count
    {
      fuzzFail("integers count")
    }
  }
  _ = OptionValues.insets(text)
  _ = OptionValues.indexAmount(text)
}

func textFile(_ bytes: [UInt8]) {
  if bytes.first.map({ $0 % 4 == 1 }) == true { standardInput(Array(bytes.dropFirst())) }
  guard let text = try? TextFile.decode(bytes) else { return }
  if bytes.starts(with: [0xEF, 0xBB, 0xBF]) == false, text.unicodeScalars.first == "\u{FEFF}" {
    fuzzFail("a byte-order mark that was not first is kept as text, but none was first here")
  }
  for line in TextFile.lines(text) where line.unicodeScalars.contains(where: { $0 == "\n" || $0 == "\r" }) {
    fuzzFail("a line holds a line end")
  }
}

/// Standard input holding `bytes` (a pipe, or nothing open at all): read
/// with a limit below and above its size, it gives what a file of those
/// bytes decodes to, or an error — never text past the limit, never empty
/// text for input that could not be read.
func standardInput(_ bytes: [UInt8]) {
  guard bytes.count < 60_000 else { return }  // within a pipe's buffer: the write never blocks
  let saved = dup(0)
  defer {
    dup2(saved, 0)
    close(saved)
  }
  let closed = bytes.first.map { $0 & 0x80 != 0 } == true && bytes.count < 64
  var ends: [Int32] = [0, 0]
  guard pipe(&ends) == 0 else { return }
  if !bytes.isEmpty && !closed { _ = bytes.withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) } }
  close(ends[1])
  if closed {
    close(ends[0])
    close(0)
  } else {
    dup2(ends[0], 0)
    close(ends[0])
  }
  let limit = bytes.isEmpty ? 0 : Int(bytes[0]) % (bytes.count + 2)
  let read = try? TextFile.readStandardInput(option: "--calls", limit: limit)
  if closed, read != nil { fuzzFail("a closed standard input was read") }
  if bytes.count > limit, read != nil { fuzzFail("standard input past the limit was read") }
  if !closed, bytes.count <= limit, (try? TextFile.decode(bytes)) != read { fuzzFail("stdin differs from a file") }
}

func manifest(_ bytes: [UInt8]) {
  let parsed = OutputManifest.parse(bytes)
  for entry in parsed.entries where !OutputManifest.isOutputPath(entry.path) { fuzzFail("not an output path") }
  if OutputManifest.parse(parsed.bytes) != OutputManifest(entries: parsed.entries) { fuzzFail("round trip") }
}

/// A small file's bytes, by index.
func content(_ index: Int) -> [UInt8] { Array("user file \(index)\n".utf8) }

func outputFolder(_ bytes: [UInt8]) {
  guard bytes.first.map({ $0 % 4 == 0 }) == true else { return }  // file-system work on 1 input in 4
  // On a RAM disk where there is one: a real file system, without the disk.
  let memory = access("/dev/shm", W_OK) == 0
  let base = (memory ? "/dev/shm/" : NSTemporaryDirectory()) + "fuzz-tool-\(getpid())"
  _ = try? FileManager.default.removeItem(atPath: base)
  defer { _ = try? FileManager.default.removeItem(atPath: base) }
  let out = base + "/out"
  let outside = base + "/outside"
  let fm = FileManager.default
  try? fm.createDirectory(atPath: out, withIntermediateDirectories: true)
  try? fm.createDirectory(atPath: outside, withIntermediateDirectories: true)
  // Files outside, and the folder's contents, chosen by the bytes.
  let scenes = ["flow", "album", "stack"]
  let names = ["animation.png", "key-01.png", "key-02.png", "frame-0001.png", "notes.txt"]
  var input = bytes.dropFirst().makeIterator()
  func next() -> Int { Int(input.next() ?? 0) }
  for (i, name) in names.enumerated() { _ = fm.createFile(atPath: outside + "/" + name, contents: Data(content(100 + i))) }
  var userFiles: [String: [UInt8]] = [:]
  for i in 0..<(next() % 8) {
    let scene = scenes[next() % scenes.count]
    let relative = next() % 5 == 0 ? "index.html" : scene + "/" + names[next() % names.count]
    switch next() % 4 {
    case 0:
      symlink(outside, out + "/" + scene)  // a scene folder that is a link outside
    default:
      try? fm.createDirectory(atPath: out + "/" + scene, withIntermediateDirectories: true)
      if fm.createFile(atPath: out + "/" + relative, contents: Data(content(i))) { userFiles[relative] = content(i) }
    }
  }
  // A manifest: lines from the bytes, and entries naming files by their
  // exact identity (inside the folder: a forger's; outside: through a link).
  var entries: [OutputManifest.Entry] = []
  for _ in 0..<(next() % 4) {
    let scene = scenes[next() % scenes.count]
    let name = names[next() % names.count]
    var info = stat()
    let target = next() % 2 == 0 ? outside + "/" + name : out + "/" + scene + "/" + name
    if lstat(target, &info) == 0 { entries.append(OutputManifest.Entry(path: scene + "/" + name, info)) }
  }
  var text = OutputManifest(entries: entries).bytes
  while let byte = input.next(), text.count < 600 { text.append(byte) }
  _ = fm.createFile(atPath: out + "/" + OutputManifest.fileName, contents: Data(text))
  let forged = Set(OutputManifest.parse(text).entries.map(\.path))

  // What is outside now (the set-up may have written through a link).
  func outsideFiles() -> [String: Data] {
    var files: [String: Data] = [:]
    for name in (try? fm.contentsOfDirectory(atPath: outside)) ?? [] {
      files[name] = (try? Data(contentsOf: URL(fileURLWithPath: outside + "/" + name))) ?? Data([0xFF])
    }
    return files
  }
  let before = outsideFiles()

  guard let folder = try? OutputFolder(out) else { return }  // a link where a folder is: refused, fine
  if (try? OutputFolder(out)) != nil { fuzzFail("a second OutputFolder took the lock") }
  try? fm.createDirectory(atPath: folder.staging + "/flow", withIntermediateDirectories: true)
  _ = fm.createFile(atPath: folder.staging + "/flow/animation.png", contents: Data([1, 2, 3]))
  _ = fm.createFile(atPath: folder.staging + "/index.html", contents: Data([4]))
  _ = try? folder.commit()
  folder.abandon()
  if outsideFiles() != before { fuzzFail("a file outside the output folder changed") }
  func throughALink(_ relative: String) -> Bool {
    var info = stat()
    let parent = OutputFolder.parent(of: relative)
    return !parent.isEmpty && lstat(out + "/" + parent, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK
  }
  // (Files written through a link live outside and may alias each other:
  // the check of the outside folder covers them.)
  for (relative, bytes) in userFiles where !forged.contains(relative) && !throughALink(relative) {
    // Not named by the manifest: it may be replaced only by a commit that
    // fails (it is in the way), so it must still hold its bytes.
    guard let now = try? Data(contentsOf: URL(fileURLWithPath: out + "/" + relative)) else {
      fuzzFail("a file the manifest does not name was deleted: \(relative)")
    }
    if Array(now) != bytes { fuzzFail("a file the manifest does not name was replaced: \(relative)") }
  }
  var info = stat()
  if lstat(out + "/" + OutputLock.fileName, &info) == 0 { fuzzFail("the lock file was left") }
}
