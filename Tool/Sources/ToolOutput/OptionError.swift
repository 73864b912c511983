/// An option's value refused once the command runs (a library cannot name
/// the parser's `ValidationError`): the tool reports it exactly as a
/// `ValidationError`, the message and the usage.
package struct OptionError: Error, CustomStringConvertible {
  /// The message, naming the option and what it takes.
  package var description: String
  package init(_ description: String) { self.description = description }
}
