#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
import Raster

/// Text files the tool reads (`--texts`): UTF-8, with or without a
/// byte-order mark, lines ended by LF, CRLF or a lone CR. Anything else is
/// refused with a message saying what the file is, never decoded lossily.
public enum TextFile {
  /// The most bytes a text file may hold (16 MiB).
  public static let maximumBytes = 16 << 20

  /// The text of `bytes`: a leading UTF-8 byte-order mark is dropped.
  ///
  /// - Throws: `CLIError` (without the file's name; the caller adds it):
  ///   UTF-16 or UTF-32 text (by its byte-order mark), or bytes that are
  ///   not UTF-8 (the offset of the first bad byte is named).
  /// - Complexity: O(n).
  public static func decode(_ bytes: [UInt8]) throws -> String {
    var body = bytes[...]
    if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
    if body.starts(with: [0x00, 0x00, 0xFE, 0xFF]) || body.starts(with: [0xFF, 0xFE, 0x00, 0x00]) {
      throw CLIError("it is UTF-32 text; save it as UTF-8")
    }
    if body.starts(with: [0xFE, 0xFF]) || body.starts(with: [0xFF, 0xFE]) {
      throw CLIError("it is UTF-16 text; save it as UTF-8")
    }
    guard let text = String(validating: body, as: UTF8.self) else {
      throw CLIError("it is not UTF-8 text (the first bad byte is at offset \(firstInvalidOffset(body)))")
    }
    return text
  }

  /// The lines of `text`, split at LF, CRLF and lone CR, without the line
  /// ends (an empty last line after a final line end is not counted).
  ///
  /// - Complexity: O(n).
  public static func lines(_ text: String) -> [String] {
    var lines: [String] = []
    var current = String.UnicodeScalarView()
    var afterCR = false
    for scalar in text.unicodeScalars {
      if scalar == "\n" {
        if !afterCR { lines.append(String(current)) }
        current = String.UnicodeScalarView()
        afterCR = false
      } else if scalar == "\r" {
        lines.append(String(current))
        current = String.UnicodeScalarView()
        afterCR = true
      } else {
        current.append(scalar)
        afterCR = false
      }
    }
    if !current.isEmpty { lines.append(String(current)) }
    return lines
  }

  /// Reads the regular file at `path` (see `RegularFile.read`) as text.
  ///
  /// - Throws: `CLIError` "`option`: cannot read 'path': reason".
  public static func read(_ path: String, option: String) throws -> String {
    guard !path.isEmpty else { throw CLIError("\(option) is empty: give a text file") }
    do {
      return try decode(try RegularFile.read(path, limit: maximumBytes))
    } catch let error as FileReadError {
      throw CLIError("\(option): cannot read '\(path)': \(error)")
    } catch {
      throw CLIError("\(option): cannot read '\(path)': \(error)")
    }
  }

  /// Reads standard input whole as text, with the limit and the checks a
  /// file gets: at most `maximumBytes` bytes (reading stops at the first
  /// byte past it, so `/dev/zero` or a 300 MB line is refused after 16 MiB,
  /// never read whole), UTF-8 only (`decode(_:)`).
  ///
  /// - Throws: `CLIError` "`option`: cannot read standard input: reason"
  ///   when it is closed, a folder, open for writing only, larger than the
  ///   limit, or not UTF-8 text. Never an empty answer for input that was
  ///   not read.
  /// - Complexity: O(bytes read), at most `maximumBytes`.
  public static func readStandardInput(option: String, limit: Int = maximumBytes) throws -> String {
    func fail(_ reason: String) -> CLIError { CLIError("\(option): cannot read standard input: \(reason)") }
    var info = stat()
    guard fstat(0, &info) == 0 else {
      throw fail(errno == EBADF ? "it is closed" : String(cString: strerror(errno)))
    }
    if info.st_mode & S_IFMT == S_IFDIR { throw fail("it is a folder") }
    let limit = Swift.max(0, limit)
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let n = buffer.withUnsafeMutableBytes { raw in
        #if canImport(Glibc)
          Glibc.read(0, raw.baseAddress, raw.count)
        #elseif canImport(Musl)
          Musl.read(0, raw.baseAddress, raw.count)
        #else
          Darwin.read(0, raw.baseAddress, raw.count)
        #endif
      }
      if n < 0 {
        let code = errno
        if code == EINTR { continue }
        if code == EBADF { throw fail("it is not open for reading") }
        if code == EISDIR { throw fail("it is a folder") }
        throw fail(String(cString: strerror(code)))
      }
      if n == 0 { break }
      guard bytes.count + n <= limit else { throw fail("it is larger than \(limit) bytes") }
      bytes.append(contentsOf: buffer[0..<n])
    }
    do {
      return try decode(bytes)
    } catch let error as CLIError {
      throw fail(error.description)
    }
  }

  static func firstInvalidOffset(_ bytes: ArraySlice<UInt8>) -> Int {
    // Walk the sequences: the first that does not decode is the answer.
    var index = bytes.startIndex
    while index < bytes.endIndex {
      let lead = bytes[index]
      let length = lead < 0x80 ? 1 : lead >> 5 == 0b110 ? 2 : lead >> 4 == 0b1110 ? 3 : lead >> 3 == 0b11110 ? 4 : 0
      guard length > 0, index + length <= bytes.endIndex,
        String(validating: bytes[index..<(index + length)], as: UTF8.self) != nil
      else { return index - bytes.startIndex }
      index += length
    }
    return bytes.count
  }
}
