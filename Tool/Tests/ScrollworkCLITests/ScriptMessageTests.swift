import GestureScripting
import ScrollPhysics
import Simulation
import Testing

/// A script argument that fails to parse is reported as a script, naming
/// the step and what is wrong, not as a file that cannot be read.
@Suite struct ScriptMessageTests {
  @Test func aStepWithAStrayDotIsAScriptError() throws {
    let message = thrownMessage { try GestureScript(try loadScriptText("drag 0,-300 0.25.")) }
    #expect(message?.contains("bad script step 1") == true, "\(message ?? "no error")")
    #expect(message?.contains("0.25.") == true)
    #expect(message?.contains("cannot read script file") == false)
  }

  @Test func aMissingFileThatIsNoScriptEitherSaysBoth() {
    let message = thrownMessage { try loadScriptText("missing-script.txt") }
    #expect(message?.contains("no such file") == true, "\(message ?? "no error")")
    #expect(message?.contains("as a script") == true)
  }
}
