import Foundation
import LayoutCore
import Raster
import Scenes
import Testing
import Viewer
import ViewerApp
@testable import scrollwork

@Suite struct ViewerInputTests {
  let regions = [
    SurfaceRegion(rect: Rect(x: 0, y: 0, width: 390, height: 800), horizontal: true),
    SurfaceRegion(rect: Rect(x: 0, y: 800, width: 390, height: 44), horizontal: true),
  ]

  @Test func keysMapToTheirActions() {
    #expect(KeyAction(.tab) == .nextLayout)
    #expect(KeyAction(.character("m")) == .nextMode)
    #expect(KeyAction(.character("d")) == .toggleDebug)
    #expect(KeyAction(.character("r")) == .rotate)
    #expect(KeyAction(.character("q")) == .quit)
    #expect(KeyAction(.escape) == .quit)
    #expect(KeyAction(.character("x")) == nil)
    #expect(KeyAction(.other) == nil)
  }

  @Test func aLeftDragIsAFingerOnTheSurfaceUnderThePointerInPoints() {
    var mapper = InputMapper(scale: 2)
    // (200, 1650) px is (100, 825) pt: the strip.
    #expect(
      mapper.handle(.buttonDown(button: 1, x: 200, y: 1650), at: 1, regions: regions) == [
        .touchDown(surface: 1, at: 1)
      ])
    #expect(
      mapper.handle(.motion(x: 100, y: 1660), at: 1.1, regions: regions) == [
        .drag(surface: 1, translation: Point(x: -50, y: 5), at: 1.1)
      ])
    #expect(
      mapper.handle(.buttonUp(button: 1, x: 80, y: 1660), at: 1.2, regions: regions) == [
        .drag(surface: 1, translation: Point(x: -60, y: 5), at: 1.2), .release(surface: 1, at: 1.2),
      ])
    #expect(!mapper.isTouching)
    // Motion with no button down does nothing.
    #expect(mapper.handle(.motion(x: 10, y: 10), at: 1.3, regions: regions).isEmpty)
  }

  @Test func aPressOutsideEverySurfaceTouchesNothing() {
    var mapper = InputMapper(scale: 1)
    #expect(mapper.handle(.buttonDown(button: 1, x: 10, y: 900), at: 0, regions: regions).isEmpty)
    #expect(mapper.handle(.motion(x: 50, y: 900), at: 0.1, regions: regions).isEmpty)
    #expect(mapper.handle(.buttonUp(button: 1, x: 50, y: 900), at: 0.2, regions: regions).isEmpty)
  }

  @Test func wheelTicksAreAFingerThatLiftsWhenTheWheelStops() {
    var mapper = InputMapper(scale: 1)
    // Wheel down on a sideways surface moves it along x, as a finger moving left.
    #expect(
      mapper.handle(.buttonDown(button: 5, x: 100, y: 100), at: 0, regions: regions) == [
        .touchDown(surface: 0, at: 0), .drag(surface: 0, translation: Point(x: -40, y: 0), at: 0),
      ])
    #expect(
      mapper.handle(.buttonDown(button: 5, x: 100, y: 100), at: 0.05, regions: regions) == [
        .drag(surface: 0, translation: Point(x: -80, y: 0), at: 0.05)
      ])
    #expect(mapper.tick(at: 0.1).isEmpty)
    #expect(mapper.tick(at: 0.2) == [.release(surface: 0, at: 0.2)])
    #expect(mapper.tick(at: 0.3).isEmpty)
  }

  @Test func aVerticalWheelMovesAVerticalSurfaceAlongY() {
    var mapper = InputMapper(scale: 1)
    let vertical = [SurfaceRegion(rect: Rect(x: 0, y: 0, width: 390, height: 844), horizontal: false)]
    let commands = mapper.handle(.buttonDown(button: 4, x: 10, y: 10), at: 0, regions: vertical)
    #expect(commands.last == .drag(surface: 0, translation: Point(x: 0, y: 40), at: 0))
  }

  @Test func resizeAndCloseBecomeViewportAndQuit() {
    var mapper = InputMapper(scale: 2)
    #expect(
      mapper.handle(.resize(width: 1688, height: 780), at: 0, regions: regions) == [
        .resize(Size(width: 844, height: 390))
      ])
    #expect(mapper.handle(.close, at: 0, regions: regions) == [.quit])
    #expect(mapper.handle(.key(.escape), at: 0, regions: regions) == [.quit])
  }

  @Test func badScaleClampsToOne() {
    #expect(InputMapper(scale: .nan).scale == 1)
    #expect(InputMapper(scale: -2).scale == 1)
  }
}

@Suite struct ViewerPacingTests {
  @Test func onTimeFramesDropNothing() {
    var pacer = FramePacer(rate: 100, start: 10)
    #expect(abs(pacer.frameDone(at: 10.004) - 10.01) < 1e-9)
    #expect(abs(pacer.frameDone(at: 10.019) - 10.02) < 1e-9)
    #expect(pacer.dropped == 0)
  }

  @Test func anOverrunSkipsTheDeadlinesItMissed() {
    var pacer = FramePacer(rate: 100, start: 0)
    // Due at 0, finished at 0.035: deadlines 0.01, 0.02, 0.03 are gone.
    let next = pacer.frameDone(at: 0.035)
    #expect(abs(next - 0.04) < 1e-9)
    #expect(pacer.dropped == 3)
    // A non-finite reading changes nothing.
    #expect(pacer.frameDone(at: .nan) == next)
    #expect(pacer.dropped == 3)
  }

  @Test func badRatesClamp() {
    #expect(abs(FramePacer(rate: .infinity, start: 0).period - 1.0 / 120) < 1e-12)
    #expect(FramePacer(rate: 0, start: 0).period == 1)
    #expect(FramePacer(rate: 1e9, start: 0).period == 0.001)
  }

  @Test func statsGiveMedianP99AndIgnoreBadSamples() {
    var stats = FrameStats()
    #expect(stats.median == 0)
    for i in 1...100 { stats.record(milliseconds: Double(i)) }
    stats.record(milliseconds: .nan)
    stats.record(milliseconds: -1)
    #expect(stats.samples.count == 100)
    #expect(stats.median == 50)
    #expect(stats.p99 == 99)
    #expect(stats.percentile(100) == 100)
    stats.dropped = 2
    #expect(stats.summary(budget: 8.333) == "frames 100, median 50.00 ms, p99 99.00 ms, dropped 2 (budget 8.33 ms)")
    #expect(stats.phaseSummary == "")
  }

  @Test func statsSummarisePhasesInTheOrderFirstRecorded() {
    var stats = FrameStats()
    for i in 1...100 {
      stats.record(
        milliseconds: Double(i) * 3, phases: [("draw", Double(i) * 2), ("show", Double(i)), ("bad", .nan)])
    }
    stats.record(milliseconds: 1, phases: [("show", -1), ("late", 1e300)])
    #expect(stats.phaseNames == ["draw", "show", "late"])
    #expect(stats.phaseSamples[1].count == 100)
    #expect(stats.samples.count == 101)
    #expect(
      stats.phaseSummary
        == "phases: draw 100.00/198.00 ms, show 50.00/99.00 ms, late 1e+300/1e+300 ms (median/p99)")
  }
}

@Suite struct ViewerCommandTests {
  /// Runs `scrollwork` with `DISPLAY` set to `display` (or removed).
  func runWithDisplay(_ display: String?, _ arguments: [String]) throws -> (Int32, String) {
    let process = Process()
    process.executableURL = scrollworkExecutable()
    process.arguments = arguments
    var environment = ProcessInfo.processInfo.environment
    environment["DISPLAY"] = display
    process.environment = environment
    let err = Pipe()
    process.standardError = err
    process.standardOutput = Pipe()
    try process.run()
    let data = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }

  @Test func withoutADisplayViewFailsWithOneSentence() throws {
    let (status, message) = try runWithDisplay(nil, ["view", "--exit-after", "0"])
    #expect(status != 0)
    #expect(message.contains("cannot open a window: DISPLAY is not set"))
    #expect(message.split(separator: "\n").count == 1)
  }

  @Test func anUnreachableDisplayIsNamed() throws {
    let (status, message) = try runWithDisplay(":4242", ["view", "--exit-after", "0"])
    #expect(status != 0)
    #expect(message.contains("the X11 display ':4242' cannot be reached"))
  }

  @Test(arguments: ["nan", "0", "-inf", "1001", "1e300"])
  func aRateOutsideItsRangeIsRefusedByName(rate: String) throws {
    let (status, message) = try runWithDisplay(nil, ["view", "--rate", rate])
    #expect(status != 0)
    #expect(message.contains("--rate"), "\(message)")
    #expect(message.contains("1") && message.contains("1000"), "\(message)")
  }

  @Test func theRateFollowsTheDisplayWhenItIsOneADisplayHas() {
    #expect(ViewerSession.displayRate(60) == 60)
    #expect(ViewerSession.displayRate(144) == 144)
    #expect(ViewerSession.displayRate(nil) == 120)
    #expect(ViewerSession.displayRate(0) == 120)
    #expect(ViewerSession.displayRate(.nan) == 120)
    #expect(ViewerSession.displayRate(5000) == 120)
  }

  @Test func anUnknownLayoutIsRefusedBeforeAnyWindow() throws {
    let (status, message) = try runWithDisplay(nil, ["view", "--layout", "nope"])
    #expect(status != 0)
    #expect(message.contains("The value 'nope' is invalid for '--layout"), "\(message)")
  }
}

@Suite struct ViewerSceneTests {
  func context(_ width: Double, _ height: Double) -> SceneContext {
    SceneContext(size: Size(width: width, height: height), scale: 1, photos: SampleAlbum.photos(), debug: false)
  }

  @Test func layoutAndPresetPickTheScene() throws {
    #expect(try ViewScenes.index(layout: nil, preset: nil) == 0)
    let flow = try #require(ViewScenes.names.firstIndex(of: "flow"))
    #expect(try ViewScenes.index(layout: LayoutName(argument: "flow"), preset: nil) == flow)
    let stack = try #require(ViewScenes.names.firstIndex(of: "carousel-stackedCards"))
    #expect(
      try ViewScenes.index(layout: LayoutName(argument: "carousel"), preset: PresetName(argument: "stack")) == stack)
    #expect(LayoutName(argument: "nope") == nil)
    #expect(throws: (any Error).self) {
      _ = try ViewScenes.index(layout: LayoutName(argument: "carousel"), preset: PresetName(argument: "jungleCup"))
    }
  }

  @Test func theAlbumHasASidewaysPagerAndStripAndTheFlowScrollsDown() throws {
    let album = try AlbumEntry.scene(.standard).make(context(390, 844))
    let regions = ViewScenes.regions(album)
    #expect(regions.count == 2)
    #expect(regions.map(\.horizontal) == [true, true])
    #expect(ViewScenes.targets(album) == ["pager", "strip"])
    let flowEntry = try #require(SceneCatalog.entry(named: "flow-photos"))
    let flow = try flowEntry.make(context(390, 844))
    #expect(ViewScenes.regions(flow).map(\.horizontal) == [false])
  }

  @Test func rotatingKeepsTheAlbumsPage() throws {
    var album = try AlbumEntry.scene(.standard).make(context(390, 844))
    try album.touchDown("pager", at: 0)
    try album.drag("pager", translation: Point(x: -300, y: 0), at: 0.3)
    try album.release("pager", at: 0.3)
    album.advance(to: 3)
    let before = try #require(album as? AlbumScene).album.position
    #expect(abs(before - 1) < 1e-6)
    let rotated = try ViewScenes.make(AlbumEntry.scene(.standard), context(844, 390), keeping: album)
    let after = try #require(rotated as? AlbumScene)
    #expect(abs(after.album.position - 1) < 1e-6)
    #expect(after.album.viewportSize == Size(width: 844, height: 390))
  }

  @Test func photosAheadComeNearestPageFirst() throws {
    let album = try AlbumEntry.scene(.standard).make(context(390, 844))
    let upcoming = ViewScenes.upcomingPhotos(album, limit: 3)
    #expect(!upcoming.isEmpty)
    // The first entries are the current page's; pages 1 and 2 follow.
    let pagerItems = upcoming.map(\.0).filter { $0.size.width > 200 }.map(\.id.item)
    #expect(pagerItems.first == 0)
    #expect(Set(pagerItems).isSubset(of: [0, 1, 2, 3]))
  }

  @Test func aFrameIsRedrawnOnlyWhenWhatItShowsChanges() throws {
    var album = try AlbumEntry.scene(.standard).make(context(390, 844))
    let size = PixelSize(width: 390, height: 844)
    let first = ShownFrame(album.layers(), pixelSize: size, generation: 0)
    #expect(first == ShownFrame(album.layers(), pixelSize: size, generation: 0))
    #expect(first != ShownFrame(album.layers(), pixelSize: size, generation: 1))
    try album.touchDown("pager", at: 0)
    try album.drag("pager", translation: Point(x: -40, y: 0), at: 0.1)
    #expect(first != ShownFrame(album.layers(), pixelSize: size, generation: 0))
  }
}
