import ArgumentParser
import LayoutCatalog
import LayoutCore
import LayoutHost
import Simulation
import Testing
@testable import scrollwork

/// The layout registry: one list, one vocabulary of names, typed presets and
/// options checked by the parser.
@Suite struct RegistryTests {
  @Test func everyLayoutHasOneNameAcrossTheCommands() throws {
    let names = LayoutRegistry.names
    #expect(Set(names).count == names.count, "names are unique")
    for entry in LayoutRegistry.all {
      #expect(entry.inspectCommand.configuration.commandName == entry.name)
      #expect(entry.simulateCommand.configuration.commandName == entry.name)
      #expect(entry.replayCommand.configuration.commandName == entry.name)
      #expect(entry.replayCommand is any ReplayCommand.Type, "\(entry.name)'s replay command makes a host")
      #expect(!entry.demoScenes.isEmpty, "\(entry.name) has a demo scene")
      for scene in entry.demoScenes {
        #expect(scene.layout == entry.name)
        #expect(scene.name == entry.name || scene.name == entry.name + "-" + scene.preset)
      }
      for scenario in entry.benchScenarios {
        #expect(
          scenario.name.hasPrefix(entry.name) || entry.name == "album" && scenario.name.hasPrefix("filmstrip"),
          "bench scenario \(scenario.name) belongs to \(entry.name)")
      }
    }
    // The commands are built from the list, in its order.
    #expect(Inspect.configuration.subcommands.map { $0.configuration.commandName } == names)
    #expect(Simulate.configuration.subcommands.map { $0.configuration.commandName } == names)
    #expect(Replay.configuration.subcommands.map { $0.configuration.commandName } == names)
    // The catalog (LayoutCatalog) is the one list: the tool's entries are its layouts, in its order,
    // with its presets (the default first) under the same names.
    #expect(LayoutCatalog.names == names)
    for entry in LayoutRegistry.all {
      let layout = try #require(LayoutCatalog.layout(named: entry.name))
      #expect(Set(entry.presetNames) == Set(layout.presetNames), "\(entry.name)'s presets are the catalog's")
      #expect(entry.defaultPresetName == layout.defaultPreset.name, "\(entry.name)'s default preset")
    }
    #expect(Set(SceneCatalog.names).count == SceneCatalog.names.count, "scene names are unique")
  }

  @Test func scriptsAreParsedWithTheVerbsTheLayoutsDeclare() {
    #expect(ScriptVerbs.all.map(\.name) == LayoutRegistry.scriptVerbs.map(\.name))
  }

  @Test func presetsAreTheParsersChoices() throws {
    #expect(CarouselPreset.allValueStrings == ["spotify", "coverFlow", "stackedCards", "plain"])
    let render = try Render.parse(["--layout", "carousel", "--preset", "coverFlow", "--out", "o"])
    let (entry, script) = try render.scene()
    #expect(entry.name == "carousel-coverFlow" && entry.preset == "coverFlow")
    // The earlier spellings still parse, to the same preset.
    #expect(CarouselPreset(argument: "coverflow") == .coverFlow && CarouselPreset(argument: "stack") == .stackedCards)
    #expect(LoopingPreset(argument: "stack") == .stackedCards && LoopingPreset(argument: "nope") == nil)
    let old = try Render.parse(["--layout", "carousel", "--preset", "coverflow", "--out", "o"])
    #expect(try old.scene().0.name == "carousel-coverFlow")
    #expect(script == entry.demoScript, "without --script, render plays the layout's demo script")
    // A preset of another layout is refused, naming this layout's presets.
    let wrong = try Render.parse(["--layout", "carousel", "--preset", "jungleCup", "--out", "o"])
    #expect(throws: ValidationError.self) { try wrong.scene() }
    // A name that is nobody's preset is the parser's own error, listing them.
    let message = Render.message(for: CLIParseFailure { _ = try Render.parse(["--layout", "flow", "--preset", "x"]) })
    #expect(message.contains("Please provide one of") && message.contains("coverFlow"), "\(message)")
    #expect(throws: (any Error).self) { try Render.parse(["--layout", "nope", "--out", "o"]) }
  }

  @Test func negativeNumbersGoThroughTheParser() throws {
    let inspect = try InspectOptions.parse(["--viewport", "390x844", "--items", "3", "--offset", "-100,-5"])
    #expect(inspect.offset.value == Point(x: -100, y: -5))
    // A negative value where only ≥ 0 makes sense names the option and its range.
    let message = FlowOptions.message(for: CLIParseFailure { _ = try FlowOptions.parse(["--line-spacing", "-5"]) })
    #expect(message.contains("--line-spacing") && message.contains("from 0 to 281474976710656 points"), "\(message)")
  }

  @Test(arguments: [
    ["--line-spacing", "nan"], ["--inter-item-spacing", "-inf"], ["--section-inset", "1,2,nan,4"],
    ["--section-inset", "1,2,,4"], ["--header-length", "-1"],
  ])
  func badFlowValuesAreRefused(arguments: [String]) {
    #expect(throws: (any Error).self) { try FlowOptions.parse(arguments) }
  }

  @Test func emptyListEntriesAreRefused() {
    #expect(throws: (any Error).self) {
      try LayoutInputOptions.parse(["--viewport", "100x100", "--item-sizes", "100x100,,100x100"])
    }
    #expect(throws: (any Error).self) { try LayoutInputOptions.parse(["--viewport", "100x100", "--sections", "3,,4"]) }
    #expect(throws: (any Error).self) {
      try LayoutInputOptions.parse(["--viewport", "100x100", "--items", "9223372036854775807"])
    }
  }
}

/// The error a parse throws, for checking its message.
struct CLIParseFailure: Error {
  var error: any Error
  init(_ body: () throws -> Void) {
    do {
      try body()
      error = ValidationError("no error")
    } catch {
      self.error = error
    }
  }
}

extension ParsableArguments {
  static func message(for failure: CLIParseFailure) -> String { fullMessage(for: failure.error) }
}
