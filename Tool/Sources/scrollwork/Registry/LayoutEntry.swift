import ArgumentParser
import Benchmarks
import GestureScripting
import LayoutCatalog
import LayoutCore
import Scenes
import Simulation
import ToolOutput

/// A layout's presets as the tool parses them: the catalog's preset enum
/// (`LayoutCatalogPreset`, one spelling everywhere), so the argument
/// parser lists them in `--help` and rejects a wrong one with its own
/// error naming the choices.
protocol LayoutPreset: LayoutCatalogPreset, ExpressibleByArgument {}

/// One layout as the command-line tool knows it: its name, its presets, its
/// `inspect` and `simulate` subcommands, its demo scenes and its benchmark
/// scenarios. Every command is built from `LayoutRegistry.all`.
///
/// Adding a layout: `Guides/AddingALayout.md` lists every place the
/// compiler and the tests ask for.
protocol LayoutEntry {
  associatedtype Preset: LayoutPreset
  /// The layout's own options (`FlowOptions`): what `replay NAME` parses
  /// besides `ReplayOptions`, and the host they describe.
  associatedtype Options: ReplayableOptions

  /// The layout's one name in every command (`inspect flow`,
  /// `render --layout flow`); bench scenario names start with it.
  static var name: String { get }
  /// The preset used when none is given.
  static var defaultPreset: Preset { get }
  /// The presets `demo` plays, in order (each is one scene).
  static var demoPresets: [Preset] { get }
  /// `scrollwork inspect NAME`.
  static var inspectCommand: any ParsableCommand.Type { get }
  /// `scrollwork simulate NAME`.
  static var simulateCommand: any ParsableCommand.Type { get }
  /// The drawable, scripted scene for `preset` (`demo`, `render`).
  static func scene(_ preset: Preset) -> SceneEntry
  /// The benchmark scenarios (`bench`).
  static var benchScenarios: [BenchScenario] { get }
  /// The items options of `inspect NAME` / `simulate NAME` for `count`
  /// items of about `size` (tests and the campaign drive every layout
  /// with them). The default: `--items N --item-size WxH`.
  static func itemArguments(count: Int, size: Size) -> [String]
  /// The script steps the layout declares besides the common ones (the
  /// photo grid's `mode`, `pinch`, `insert`, `delete`); none by default.
  static var scriptVerbs: [LayoutVerb] { get }
}

extension LayoutEntry {
  static var scriptVerbs: [LayoutVerb] { [] }
  static var defaultPreset: Preset { Preset.defaultPreset }

  /// `scrollwork replay NAME`: the one generic replay command
  /// (`Replay/ReplayCommands.swift`) for this layout's options.
  static var replayCommand: any ParsableCommand.Type { ReplayLayout<Self>.self }

  static func itemArguments(count: Int, size: Size) -> [String] {
    ["--items", String(count), "--item-size", "\(JSONWriter.number(size.width))x\(JSONWriter.number(size.height))"]
  }

  /// The scene for the preset named `name` (the default preset for `nil`),
  /// or `nil` when this layout has no preset of that name.
  static func scene(presetNamed name: String?) -> SceneEntry? {
    guard let name else { return scene(defaultPreset) }
    return Preset(name: name).map(scene)
  }

  /// The scenes `demo` plays.
  static var demoScenes: [SceneEntry] { demoPresets.map(scene) }

  /// One scene per preset, in the preset enum's order.
  static var allScenes: [SceneEntry] { Preset.allCases.map(scene) }

  /// `name: a, b, c`, for help texts and messages.
  static var presetList: String { Preset.allCases.map(\.rawValue).joined(separator: ", ") }

  /// The name a scene of `preset` is recorded under: the layout's name for
  /// the default preset, `name-preset` otherwise.
  static func sceneName(_ preset: Preset) -> String {
    preset == defaultPreset ? name : name + "-" + preset.rawValue
  }
}

/// Every layout the tool knows, in demo order. This is the one list.
enum LayoutRegistry {
  /// Every layout's declared script verbs: what scripts are parsed with
  /// (a driver then refuses the verbs it does not take, naming the layout
  /// that does).
  static var scriptVerbs: [LayoutVerb] { all.flatMap { $0.scriptVerbs } }

  static var all: [any LayoutEntry.Type] {
    [
      AlbumEntry.self,  // the main act
      FlowEntry.self,
      PhotosEntry.self,
      CarouselEntry.self,
      LoopingEntry.self,
      ProminentEntry.self,
      StickyEntry.self,
      MosaicEntry.self,
      WaterfallEntry.self,
      TagsEntry.self,
      TagTableEntry.self,
    ]
  }

  static var names: [String] { all.map { $0.name } }

  /// The layout called `name`, or `nil`.
  static func entry(named name: String) -> (any LayoutEntry.Type)? { all.first { $0.name == name } }

  static var inspectCommands: [any ParsableCommand.Type] { all.map { $0.inspectCommand } }
  static var simulateCommands: [any ParsableCommand.Type] { all.map { $0.simulateCommand } }
  static var replayCommands: [any ParsableCommand.Type] { all.map { $0.replayCommand } }
  static var demoScenes: [SceneEntry] { all.flatMap { $0.demoScenes } }
  static var benchScenarios: [BenchScenario] { all.flatMap { $0.benchScenarios } }

  /// Every layout's presets, `album: photosLab; carousel: spotify, …`.
  static var presetSummary: String { all.map { "\($0.name): \($0.presetList)" }.joined(separator: "; ") }
  /// Every preset name of every layout, once each.
  static var allPresetNames: [String] {
    var seen = Set<String>()
    return all.flatMap { entry in entry.presetNames }.filter { seen.insert($0).inserted }
  }
}

extension LayoutEntry {
  static var presetNames: [String] { Preset.allCases.map(\.rawValue) }
  /// Whether `name` names one of this layout's presets (or an earlier name of one).
  static func hasPreset(named name: String) -> Bool { Preset(name: name) != nil }
  static var defaultPresetName: String { defaultPreset.rawValue }
}

/// `--layout NAME`: a layout of the registry (the parser lists them).
struct LayoutName: ExpressibleByArgument {
  var entry: any LayoutEntry.Type
  init?(argument: String) {
    guard let entry = LayoutRegistry.entry(named: argument) else { return nil }
    self.entry = entry
  }
  static var allValueStrings: [String] { LayoutRegistry.names }
  var defaultValueDescription: String { entry.name }
}

/// `--preset NAME` for commands that take any layout: one of the presets of
/// some layout (the parser lists them all); which layout's presets apply is
/// checked once the layout is known.
struct PresetName: ExpressibleByArgument {
  var name: String
  init?(argument: String) {
    guard LayoutRegistry.all.contains(where: { $0.hasPreset(named: argument) }) else { return nil }
    name = argument
  }
  static var allValueStrings: [String] { LayoutRegistry.allPresetNames }

  /// The scene of `entry` for this preset (`nil`: the default).
  static func scene(_ entry: any LayoutEntry.Type, _ preset: PresetName?) throws -> SceneEntry {
    guard let scene = entry.scene(presetNamed: preset?.name) else {
      throw ValidationError(
        "--preset '\(preset?.name ?? "")' is not a preset of \(entry.name); it takes \(entry.presetList)")
    }
    return scene
  }
}
