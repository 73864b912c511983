import ArgumentParser
import LayoutCore

/// `sticky`'s own options: a preset, then any size or behaviour over it.
struct StickyOptions: ParsableArguments {
  @Option(help: "Start from a preset: plain (no effects) or jungleCup.")
  var preset: String = "plain"

  @Option(help: "Top header height (0 for none).")
  var headerHeight: Double?

  @Option(help: "Menu bar height (0 for none).")
  var menuHeight: Double?

  @Option(help: "Section header height (0 for none).")
  var sectionHeaderHeight: Double?

  @Option(help: "Section footer height (0 for none).")
  var sectionFooterHeight: Double?

  @Option(help: "Every cell full width with this height (items' sizes ignored).")
  var cellHeight: Double?

  @Option(help: "Every cell this size, WxH (items' sizes ignored).")
  var cellSize: SizeArgument?

  @Flag(help: "Cells take their items' sizes (default for the plain preset; items default to full width x 44).")
  var itemCells = false

  @Option(help: "Space between the cells of a section.")
  var lineSpacing: Double?

  @Option(help: "Space between the cells and the left and right edges.")
  var interItemSpacing: Double?

  @Flag(inversion: .prefixedNo, help: "Stretch the header when pulled down; keep it under the content.")
  var stretchyHeader: Bool?

  @Flag(inversion: .prefixedNo, help: "Darken the header as the content covers it.")
  var headerOverlay: Bool?

  @Option(help: "The header overlay's largest alpha, 0...1.")
  var maxOverlayAlpha: Double?

  @Flag(inversion: .prefixedNo, help: "Stick the menu to the top of the viewport.")
  var stickyMenu: Bool?

  @Flag(inversion: .prefixedNo, help: "Stick section headers under the menu while their section shows.")
  var stickySectionHeaders: Bool?

  @Flag(inversion: .prefixedNo, help: "Move cells' photos against the scroll.")
  var parallax: Bool?

  @Option(help: "The largest parallax shift, in points.")
  var maxParallax: Double?

  func layout() throws -> StickyHeaderLayout {
    var layout: StickyHeaderLayout
    switch preset {
    case "plain": layout = StickyHeaderLayout()
    case "jungleCup": layout = .jungleCup
    default: throw ValidationError("--preset takes plain or jungleCup")
    }
    if let headerHeight { layout.headerHeight = headerHeight }
    if let menuHeight { layout.menuHeight = menuHeight }
    if let sectionHeaderHeight { layout.sectionHeaderHeight = sectionHeaderHeight }
    if let sectionFooterHeight { layout.sectionFooterHeight = sectionFooterHeight }
    let cellChoices = (cellHeight != nil ? 1 : 0) + (cellSize != nil ? 1 : 0) + (itemCells ? 1 : 0)
    guard cellChoices <= 1 else { throw ValidationError("give one of --cell-height, --cell-size, --item-cells") }
    if let cellHeight { layout.cellSize = .fullWidth(height: cellHeight) }
    if let cellSize { layout.cellSize = .fixed(cellSize.value) }
    if itemCells { layout.cellSize = .items }
    if let lineSpacing { layout.lineSpacing = lineSpacing }
    if let interItemSpacing { layout.interItemSpacing = interItemSpacing }
    if let stretchyHeader { layout.isHeaderStretchy = stretchyHeader }
    if let headerOverlay { layout.isHeaderOverlayEnabled = headerOverlay }
    if let maxOverlayAlpha { layout.maxHeaderOverlayAlpha = maxOverlayAlpha }
    if let stickyMenu { layout.isMenuSticky = stickyMenu }
    if let stickySectionHeaders { layout.areSectionHeadersSticky = stickySectionHeaders }
    if let parallax { layout.isCellParallaxEnabled = parallax }
    if let maxParallax { layout.maxCellParallax = maxParallax }
    return layout
  }

  /// Prepares the layout; items without a given size are full width by 44 pt
  /// (a plain table row), which `--cell-height`/`--cell-size` and the
  /// jungleCup preset override anyway.
  func prepare(_ input: LayoutInputOptions) throws -> PreparedStickyHeaderLayout {
    let viewport = input.viewportValue
    let items = try input.layoutItems(defaultItemSize: Size(width: viewport.size.width, height: 44))
    return try layout().prepare(items: items, viewport: viewport)
  }
}

struct InspectSticky: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "sticky",
    abstract: "A sectioned list with a stretchy header, sticky menu and section headers, and parallax cells.",
    discussion: """
      Kinds: supplementary:stretchyHeader (the top header; its overlayAlpha is the darkening), \
      supplementary:menu, supplementary:header and supplementary:footer (per section), cell \
      (content = the photo's rect when parallax is on).

      Example: scrollwork inspect sticky --preset jungleCup --viewport 390x844 --sections 4,6,3 --offset 0,-100
      """)

  @OptionGroup var options: InspectOptions
  @OptionGroup var sticky: StickyOptions

  func run() throws {
    let prepared = try sticky.prepare(options.input)
    print(
      Inspector.report(
        name: "sticky", prepared, state: ScrollState(contentOffset: options.offset.value),
        all: options.all))
  }
}

struct SimulateSticky: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "sticky", abstract: "Scroll the sticky-header layout.")

  @OptionGroup var options: SimulateOptions
  @OptionGroup var sticky: StickyOptions

  func run() throws {
    let prepared = try sticky.prepare(options.input)
    try Simulator.run(
      name: "sticky", prepared, state: ScrollState(contentOffset: options.offset.value),
      options: options)
  }
}
