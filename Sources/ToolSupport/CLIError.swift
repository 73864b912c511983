/// An error the command-line tool reports as `Error: message` with a
/// non-zero exit status: the message names the option, file or folder at
/// fault and what would be accepted.
public struct CLIError: Error, CustomStringConvertible {
  public var description: String
  public init(_ description: String) { self.description = description }
}
