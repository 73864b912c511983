import Foundation

/// Prints `message` and a line end to standard error.
package func warn(_ message: String) {
  FileHandle.standardError.write(Data((message + "\n").utf8))
}
