import ArgumentParser
import LayoutCore

/// `flow`'s own options.
struct FlowOptions: ParsableArguments {
  @Option(help: "Scroll direction: vertical or horizontal.")
  var axis: String = "vertical"

  @Option(help: "Space between lines.")
  var lineSpacing: Double = 10

  @Option(help: "Minimum space between items in a line.")
  var interItemSpacing: Double = 10

  @Option(help: "Section insets top,left,bottom,right.")
  var sectionInset: String = "0,0,0,0"

  @Option(help: "Section header length along the scroll axis (0 for none).")
  var headerLength: Double = 0

  @Option(help: "Section footer length along the scroll axis (0 for none).")
  var footerLength: Double = 0

  @Flag(help: "Pin section headers to the visible bounds.")
  var pinHeaders = false

  @Flag(help: "Pin section footers to the visible bounds.")
  var pinFooters = false

  @Option(help: "Line alignment: justified, leading or center.")
  var alignment: String = "justified"

  func layout() throws -> FlowLayout {
    guard let axis = Axis(rawValue: axis) else { throw ValidationError("--axis takes vertical or horizontal") }
    guard let alignment = FlowLayout.Alignment(rawValue: alignment) else {
      throw ValidationError("--alignment takes justified, leading or center")
    }
    let parts = sectionInset.split(separator: ",").compactMap { Double($0) }
    guard parts.count == 4 else { throw ValidationError("--section-inset takes top,left,bottom,right") }
    return FlowLayout(
      axis: axis, lineSpacing: lineSpacing, interItemSpacing: interItemSpacing,
      sectionInset: EdgeInsets(top: parts[0], left: parts[1], bottom: parts[2], right: parts[3]),
      headerLength: headerLength, footerLength: footerLength, pinsHeaders: pinHeaders, pinsFooters: pinFooters,
      alignment: alignment)
  }
}

struct InspectFlow: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "flow", abstract: "A flow layout (UICollectionViewFlowLayout's behaviour).")

  @OptionGroup var options: InspectOptions
  @OptionGroup var flow: FlowOptions

  func run() throws {
    let prepared = try flow.layout().prepare(items: options.input.layoutItems(), viewport: options.input.viewportValue)
    print(
      Inspector.report(
        name: "flow", prepared, state: ScrollState(contentOffset: options.offset.value), all: options.all))
  }
}

struct SimulateFlow: ParsableCommand {
  static let configuration = CommandConfiguration(commandName: "flow", abstract: "Scroll a flow layout.")

  @OptionGroup var options: SimulateOptions
  @OptionGroup var flow: FlowOptions

  func run() throws {
    let prepared = try flow.layout().prepare(items: options.input.layoutItems(), viewport: options.input.viewportValue)
    try Simulator.run(name: "flow", prepared, state: ScrollState(contentOffset: options.offset.value), options: options)
  }
}
