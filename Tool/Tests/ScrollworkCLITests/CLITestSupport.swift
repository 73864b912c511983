import Foundation
import Testing

/// Runs the built `scrollwork` executable with `arguments`; returns its
/// exit status, standard output and standard error.
func runScrollwork(_ arguments: [String]) throws -> (status: Int32, out: String, err: String) {
  try runProcess(scrollworkExecutable(), arguments)
}

/// Runs `executable` with `arguments` (in `directory` when given) to the
/// end; returns its exit status, standard output and standard error.
func runProcess(
  _ executable: URL, _ arguments: [String], in directory: String? = nil
) throws -> (status: Int32, out: String, err: String) {
  let process = Process()
  process.executableURL = executable
  process.arguments = arguments
  if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
  let out = Pipe()
  let err = Pipe()
  process.standardOutput = out
  process.standardError = err
  try process.run()
  let outData = out.fileHandleForReading.readDataToEndOfFile()
  let errData = err.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return (process.terminationStatus, String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self))
}

/// A new, empty folder in the temporary directory, named `prefix-UUID`.
func temporaryFolder(_ prefix: String) -> String {
  let path = NSTemporaryDirectory() + prefix + "-" + UUID().uuidString
  try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  return path
}

/// The description of the error `body` throws, or nil when it returns.
func thrownMessage(_ body: () throws -> Any) -> String? {
  do {
    _ = try body()
    return nil
  } catch {
    return "\(error)"
  }
}

/// The `scrollwork` binary beside the test bundle in the build folder.
func scrollworkExecutable() -> URL {
  var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
  for _ in 0..<4 {
    let candidate = directory.appendingPathComponent("scrollwork")
    if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
    directory = directory.deletingLastPathComponent()
  }
  return URL(fileURLWithPath: ".build/debug/scrollwork")
}

/// Compares `text` with the golden file `name`; with SCROLLWORK_RECORD=1 in
/// the environment, writes the golden file instead.
func assertGolden(_ text: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
  let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden/\(name)")
  if ProcessInfo.processInfo.environment["SCROLLWORK_RECORD"] == "1" {
    try text.write(to: url, atomically: true, encoding: .utf8)
    return
  }
  let golden = try String(contentsOf: url, encoding: .utf8)
  #expect(
    text == golden, "output differs from Golden/\(name); rerun with SCROLLWORK_RECORD=1 to re-record",
    sourceLocation: sourceLocation)
}

/// Parses one JSON document.
func json(_ text: String) throws -> Any {
  try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
}
