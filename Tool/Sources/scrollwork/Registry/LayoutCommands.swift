import ArgumentParser
import LayoutCore
import ScrollPhysics
import Simulation

// `inspect NAME` and `simulate NAME` for every layout whose commands take
// the shared `InspectOptions` / `SimulateOptions` and its own options as
// they are: one generic pair of commands, the layout's options saying how
// to prepare it. (The album, the photo grid and the tag layouts have
// options of their own in these commands, and commands of their own.)

/// A layout's options that the generic `inspect` and `simulate` commands
/// take: how to prepare the layout from the shared input options, and
/// what its commands say in `--help`.
protocol ScrollingOptions: ParsableArguments {
  associatedtype Prepared: PreparedLayout where Prepared.State == ScrollState
  /// `inspect NAME`'s help: a line, then details and an example.
  static var inspectHelp: (abstract: String, discussion: String) { get }
  /// `simulate NAME`'s line of help.
  static var simulateAbstract: String { get }
  /// The layout prepared for `input` (from estimates where the layout's
  /// `--estimated` says so).
  func prepare(_ input: LayoutInputOptions) throws -> Prepared
  /// The fields `inspect` prints besides the common ones (none by default).
  func extras(_ prepared: Prepared, state: ScrollState) -> [(String, String)]
  /// How a released scroll view slows down unless `--deceleration` says
  /// (`.normal` by default).
  func decelerationRate(_ input: LayoutInputOptions) throws -> DecelerationRate
  /// Runs `simulate NAME`: by default the prepared layout in a
  /// `LayoutScroller`, a JSON line a frame (`Simulator.run`).
  func simulate(name: String, _ input: LayoutInputOptions, _ run: SimulationRun) throws
}

extension ScrollingOptions {
  func extras(_ prepared: Prepared, state: ScrollState) -> [(String, String)] { [] }
  func decelerationRate(_ input: LayoutInputOptions) throws -> DecelerationRate { .normal }

  func simulate(name: String, _ input: LayoutInputOptions, _ run: SimulationRun) throws {
    let prepared = try prepare(input)
    try Simulator.run(
      name: name, prepared, state: ScrollState(contentOffset: run.offset), options: run,
      defaultRate: decelerationRate(input))
  }
}

/// `scrollwork inspect NAME` for a layout whose options are `ScrollingOptions`.
struct InspectLayout<Entry: LayoutEntry>: ParsableCommand where Entry.Options: ScrollingOptions {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: Entry.name, abstract: Entry.Options.inspectHelp.abstract,
      discussion: Entry.Options.inspectHelp.discussion)
  }

  @OptionGroup var options: InspectOptions
  @OptionGroup var layout: Entry.Options

  func run() throws {
    let prepared = try layout.prepare(options.input)
    let state = ScrollState(contentOffset: options.offset.value)
    print(
      Inspector.report(
        name: Entry.name, prepared, state: state, all: options.all, extra: layout.extras(prepared, state: state)))
  }
}

/// `scrollwork simulate NAME` for a layout whose options are `ScrollingOptions`.
struct SimulateLayout<Entry: LayoutEntry>: ParsableCommand where Entry.Options: ScrollingOptions {
  static var configuration: CommandConfiguration {
    CommandConfiguration(commandName: Entry.name, abstract: Entry.Options.simulateAbstract)
  }

  @OptionGroup var options: SimulateOptions
  @OptionGroup var layout: Entry.Options

  func run() throws { try layout.simulate(name: Entry.name, options.input, options.simulation) }
}

extension LayoutEntry where Options: ScrollingOptions {
  static var inspectCommand: any ParsableCommand.Type { InspectLayout<Self>.self }
  static var simulateCommand: any ParsableCommand.Type { SimulateLayout<Self>.self }
}
