#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The command line as the system gave it, before Swift decodes it.
enum CommandLineText {
  /// A message naming the first argument that is not valid UTF-8 (and the
  /// option it belongs to), or `nil` when every argument is UTF-8.
  ///
  /// `CommandLine.arguments` replaces each invalid byte with U+FFFD, so a
  /// path such as `--out caf\xE9` would silently become another path:
  /// the tool refuses it instead.
  static func firstNonUTF8Argument() -> String? {
    let raw = (0..<Int(CommandLine.argc)).map { index -> [UInt8] in
      guard let pointer = CommandLine.unsafeArgv[index] else { return [] }
      return Array(UnsafeBufferPointer(start: pointer, count: strlen(pointer))).map { UInt8(bitPattern: $0) }
    }
    return problem(in: raw)
  }

  /// The message for the first of `arguments` (raw bytes; the first is the
  /// program) that is not UTF-8, or `nil`.
  static func problem(in arguments: [[UInt8]]) -> String? {
    for (index, bytes) in arguments.enumerated().dropFirst() where String(validating: bytes, as: UTF8.self) == nil {
      let shown = bytes.map { $0 < 0x80 && $0 >= 0x20 ? String(UnicodeScalar($0)) : "\\x" + hex($0) }.joined()
      let text = String(decoding: bytes, as: UTF8.self)
      var option = "argument \(index) '\(shown)'"
      if text.hasPrefix("--"), let equals = text.firstIndex(of: "=") {
        option = "the value of \(text[..<equals]) ('\(shown)')"
      } else if index > 1, let previous = String(validating: arguments[index - 1], as: UTF8.self),
        previous.hasPrefix("--")
      {
        option = "the value of \(previous) ('\(shown)')"
      }
      return "\(option) is not valid UTF-8: give paths and values as UTF-8 text (rename the file or folder)"
    }
    return nil
  }

  private static func hex(_ byte: UInt8) -> String {
    let digits = Array("0123456789ABCDEF")
    return String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 0xF)])
  }
}
