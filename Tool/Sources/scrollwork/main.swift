import ArgumentParser
import ToolOutput

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// Arguments that are not UTF-8 would reach the commands rewritten (each bad
// byte as U+FFFD, `--out` naming another folder): refused first.
if let problem = CommandLineText.firstNonUTF8Argument() {
  warn("Error: \(problem)")
  exit(64)
}
do {
  var command = try Scrollwork.parseAsRoot()
  try command.run()
} catch let error as OptionError {
  Scrollwork.exit(withError: ValidationError(error.description))
} catch {
  Scrollwork.exit(withError: error)
}
JSONWriter.failIfNonFinite()
