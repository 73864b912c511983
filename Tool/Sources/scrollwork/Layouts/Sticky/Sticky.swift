import ArgumentParser
import Benchmarks
import LayoutCatalog
import LayoutCore
import Scenes
import Simulation

// The stretchy/sticky roster in the tool: presets, options,
// `inspect sticky`, `simulate sticky`, its demo scene and the benchmark.

extension StickyPreset: @retroactive ExpressibleByArgument, LayoutPreset {}

enum StickyEntry: LayoutEntry {
  static let name = "sticky"
  static let demoPresets = [StickyPreset.jungleCup]
  static var benchScenarios: [BenchScenario] { [.stickyRoster] }

  static func scene(_ preset: StickyPreset) -> SceneEntry {
    .jungleCup(preset.layout, name: sceneName(preset), preset: preset.rawValue)
  }
}

/// `sticky`'s own options: a preset, then any size or behaviour over it.
struct StickyOptions: ParsableArguments {
  @Option(parsing: .unconditional, help: "Start from a preset.")
  var preset = StickyEntry.defaultPreset

  @Option(parsing: .unconditional, help: "Top header height (0 for none).")
  var headerHeight: Double?

  @Option(parsing: .unconditional, help: "Menu bar height (0 for none).")
  var menuHeight: Double?

  @Option(parsing: .unconditional, help: "Section header height (0 for none).")
  var sectionHeaderHeight: Double?

  @Option(parsing: .unconditional, help: "Section footer height (0 for none).")
  var sectionFooterHeight: Double?

  @Option(parsing: .unconditional, help: "Every cell full width with this height (items' sizes ignored).")
  var cellHeight: Double?

  @Option(parsing: .unconditional, help: "Every cell this size, WxH (items' sizes ignored).")
  var cellSize: SizeArgument?

  @Flag(help: "Cells take their items' sizes (default for the plain preset; items default to full width x 44).")
  var itemCells = false

  @Option(
    parsing: .unconditional,
    help: """
      Lay out with this estimated cell size, WxH (cells must take their items' sizes: --item-cells or the \
      plain preset); the items' sizes are the real ones, learnt as cells come into view (simulate).
      """)
  var estimated: SizeArgument?

  @Option(parsing: .unconditional, help: "Space between the cells of a section.")
  var lineSpacing: Double?

  @Option(parsing: .unconditional, help: "Space between the cells and the left and right edges.")
  var interItemSpacing: Double?

  @Flag(inversion: .prefixedNo, help: "Stretch the header when pulled down; keep it under the content.")
  var stretchyHeader: Bool?

  @Flag(inversion: .prefixedNo, help: "Darken the header as the content covers it.")
  var headerOverlay: Bool?

  @Option(parsing: .unconditional, help: "The header overlay's largest alpha, 0...1.")
  var maxOverlayAlpha: Double?

  @Flag(inversion: .prefixedNo, help: "Stick the menu to the top of the viewport.")
  var stickyMenu: Bool?

  @Flag(inversion: .prefixedNo, help: "Stick section headers under the menu while their section shows.")
  var stickySectionHeaders: Bool?

  @Flag(inversion: .prefixedNo, help: "Move cells' photos against the scroll.")
  var parallax: Bool?

  @Option(parsing: .unconditional, help: "The largest parallax shift, in points.")
  var maxParallax: Double?

  func validate() throws {
    try Check.size(estimated?.value, "--estimated", positive: true)
    try Check.nonNegative(headerHeight, "--header-height")
    try Check.nonNegative(menuHeight, "--menu-height")
    try Check.nonNegative(sectionHeaderHeight, "--section-header-height")
    try Check.nonNegative(sectionFooterHeight, "--section-footer-height")
    try Check.nonNegative(cellHeight, "--cell-height")
    try Check.size(cellSize?.value, "--cell-size")
    try Check.nonNegative(lineSpacing, "--line-spacing")
    try Check.nonNegative(interItemSpacing, "--inter-item-spacing")
    try Check.inRange(maxOverlayAlpha, 0...1, "--max-overlay-alpha")
    try Check.nonNegative(maxParallax, "--max-parallax")
  }

  func layout() throws -> StickyHeaderLayout {
    var layout = preset.layout
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
    // The engine's rule, named by the option that set it.
    if !layout.hasDrawableHeaderHeight {
      throw ValidationError(
        "--header-height must be 0 or at least \(Viewport.minimumExtent) points for a stretchy header "
          + "(got \(layout.headerHeight))")
    }
    return layout
  }

  /// The items; those without a given size are full width by 44 pt (a
  /// plain table row), which `--cell-height`/`--cell-size` and the
  /// jungleCup preset override anyway.
  func items(_ input: LayoutInputOptions) throws -> LayoutItems {
    try input.layoutItems(defaultItemSize: Size(width: input.viewportValue.size.width, height: 44))
  }

  /// Prepares the layout from the items, or with `--estimated` from the
  /// estimate (the items' sizes are then the real ones, learnt as cells
  /// come into view).
  func prepare(_ input: LayoutInputOptions) throws -> PreparedStickyHeaderLayout {
    try layout().prepare(items: items(input), estimate: estimated?.value, viewport: input.viewportValue)
  }
}

extension StickyOptions: ScrollingOptions {
  static let inspectHelp = (
    abstract: "A sectioned list with a stretchy header, sticky menu and section headers, and parallax cells.",
    discussion: """
    Kinds: supplementary:stretchyHeader (the top header; its overlayAlpha is the darkening), \
    supplementary:menu, supplementary:header and supplementary:footer (per section), cell \
    (content = the photo's rect when parallax is on).

    Example: scrollwork inspect sticky --preset jungleCup --viewport 390x844 --sections 4,6,3 --offset 0,-100
    """
  )
  static let simulateAbstract = "Scroll the sticky-header layout."

  func simulate(name: String, _ input: LayoutInputOptions, _ run: SimulationRun) throws {
    try Simulator.run(name: name, layout(), items: items(input), estimate: estimated?.value, options: run)
  }
}
