import LayoutCatalog
import LayoutCore
import Simulation
import Testing
@testable import scrollwork

@Suite struct CarouselCommandsTests {
  @Test func presetsParseByName() throws {
    // Every core preset is reachable by its name, and the enum lists exactly those.
    // LayoutCore's names are the catalog's; the earlier names (`coverflow`,
    // `stack`) still parse, as aliases.
    #expect(CarouselLayout.presets.map { CarouselPreset(name: $0.name) } == CarouselPreset.allCases)
    #expect(CarouselPreset.allCases.map(\.layout) == CarouselLayout.presets.map(\.layout))
    for (name, layout) in CarouselLayout.presets {
      let options = try CarouselOptions.parse(["--preset", name])
      var expected = layout
      expected.itemSize = nil
      #expect(options.layout(itemSize: nil) == expected, "\(name)")
    }
    #expect(throws: (any Error).self) { try CarouselOptions.parse(["--preset", "nope"]) }
    #expect(try CarouselOptions.parse(["--preset", "stack"]).preset == .stackedCards)
    #expect(throws: (any Error).self) { try CarouselOptions.parse(["--preset", "coverflow", "--min-scale", "0.8"]) }
  }

  @Test func curveOptionsReshapeTheSpotifyCurve() throws {
    let layout = try CarouselOptions.parse(["--min-scale", "0.8", "--snap", "one-item", "--spacing", "4"])
      .layout(itemSize: Size(width: 200, height: 250))
    #expect(layout.effect == CenterEffect(tolerance: 0.02, slope: 0.105, minScale: 0.8, minAlpha: 0.25))
    #expect(layout.snapping == .oneItem && layout.spacing == 4 && layout.itemSize == Size(width: 200, height: 250))
  }

  @Test func inspectReportsTheCentredItemAndTheSnapOffset() throws {
    let prepared = try CarouselLayout.spotify.prepare(
      items: LayoutItems(count: 10, size: .zero), viewport: Viewport(width: 375, height: 300))
    let state = ScrollState(x: 400, y: 0)
    let text = Inspector.report(
      name: "carousel", prepared, state: state, all: false, extra: Inspector.centeredExtras(prepared, state: state))
    #expect(text.contains(#""centered":[0,1],"snapOffset":[310,0]"#), "\(text)")
    #expect(text.contains(#""item":2,"#))
  }

  @Test func prominentNeedsAnItemSize() throws {
    let input = try LayoutInputOptions.parse(["--viewport", "375x400", "--items", "5"])
    #expect(throws: (any Error).self) { try ProminentOptions.parse([]).layout(input: input) }
    let sized = try LayoutInputOptions.parse(["--viewport", "375x400", "--items", "5", "--item-size", "200x100"])
    let layout = try ProminentOptions.parse(["--line-spacing", "20"]).layout(input: sized)
    #expect(layout.itemSize == Size(width: 200, height: 100) && layout.lineSpacing == 20)
    #expect(layout.preferredDecelerationRate == 0.99)
  }
}
