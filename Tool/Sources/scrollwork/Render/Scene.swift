import GestureScripting
import LayoutCore
import Raster
import ScrollPhysics

/// What a scene is built from: the canvas size, the photos and the scale.
struct SceneContext {
  /// The canvas size in points (the phone screen).
  var size: Size
  /// Pixels per point of the output.
  var scale: Double
  /// The photos to show (never empty).
  var photos: [Photo]
  /// Whether to draw the debug overlay (index labels, centre lines).
  var debug: Bool

  /// The photos' upright sizes, as layout item sizes.
  var photoSizes: [Size] { photos.map { Size(width: Double($0.size.width), height: Double($0.size.height)) } }

  /// The photo for item `item` (photos repeat when there are more items).
  func photo(_ item: Int) -> Photo { photos[((item % photos.count) + photos.count) % photos.count] }
}

/// One layout's elements drawn in one region of the canvas, as a
/// collection view draws its cells in its bounds.
struct SceneLayer {
  /// Where the layout's viewport is on the canvas, in points.
  var region: Rect
  /// The layout's content offset: content point `contentOffset` shows at
  /// the region's top-left corner.
  var contentOffset: Point
  /// The elements to draw, in any order (drawn by zIndex, then identity).
  var elements: [LayoutAttributes]
  /// The photo an element shows, or `nil` for none.
  var photo: (LayoutAttributes) -> Photo?
  /// How an element looks.
  var style: (LayoutAttributes) -> ElementStyle
  /// The region's background, or `nil` to leave the canvas as it is.
  var background: Color? = nil
  /// Debug overlay: a line through the region's centre.
  var centerLine = false
  /// Debug overlay: each element's item number.
  var indexLabels = false
  /// Draws an element itself instead of the element painter (text drawn
  /// with the measurer that sized it), given the canvas point of content
  /// (0, 0) and the layer's clip; `nil` for the painter.
  var draw: ((LayoutAttributes, inout Canvas, _ origin: Point, _ clip: Rect) -> Void)? = nil
}

/// A scripted, drawable screen: gesture-driven surfaces plus what they
/// show. `scrollwork demo` and `scrollwork render` record scenes.
///
/// A gesture script step with a target name (`pager drag -300 0.25`) goes
/// to the surface of that name; a step without one to the scene's main
/// surface.
protocol Scene: GestureDriven {
  /// What to draw now, back to front.
  func layers() -> [SceneLayer]
}

/// The simplest scene: one prepared layout in one `LayoutScroller`, filling
/// the canvas. Any layout whose state is just a content offset plugs in
/// with this (see `FlowEntry.makeScene` in `Layouts/Flow.swift`).
struct ScrollerScene<Layout: PreparedLayout>: Scene {
  var scroller: LayoutScroller<Layout>
  /// The target name scripts may use for this surface ("grid").
  var name: String
  var region: Rect
  var photo: (LayoutAttributes) -> Photo?
  var style: (LayoutAttributes) -> ElementStyle
  var background: Color = Color(hex: 0x000000)
  var debug = false
  /// Draws an element itself (see `SceneLayer.draw`); `nil` for the painter.
  var draw: ((LayoutAttributes, inout Canvas, _ origin: Point, _ clip: Rect) -> Void)? = nil

  func checked(_ target: String?) throws(ScriptError) -> String? {
    guard let target, target != name else { return nil }
    throw .unknownTarget(target, known: [name])
  }

  mutating func touchDown(_ target: String?, at time: Double) throws(ScriptError) {
    try scroller.touchDown(checked(target), at: time)
  }

  mutating func drag(_ target: String?, translation: Point, at time: Double) throws(ScriptError) {
    try scroller.drag(checked(target), translation: translation, at: time)
  }

  mutating func release(_ target: String?, at time: Double) throws(ScriptError) {
    try scroller.release(checked(target), at: time)
  }

  mutating func setContentOffset(
    _ target: String?, _ offset: Point, animated: Bool, at time: Double
  ) throws(ScriptError) {
    try scroller.setContentOffset(checked(target), offset, animated: animated, at: time)
  }

  mutating func advance(to time: Double) { scroller.advance(to: time) }

  func layers() -> [SceneLayer] {
    [
      SceneLayer(
        region: region, contentOffset: scroller.state.contentOffset, elements: scroller.visibleAttributes,
        photo: photo, style: style, background: background, centerLine: false, indexLabels: debug, draw: draw)
    ]
  }
}

/// A scene a layout offers (`LayoutEntry.scene(_:)`): its name, words for
/// the page, its default script and how to build it.
struct SceneEntry: Sendable {
  /// The name it is recorded under (the output sub-folder): the layout's
  /// name, or `layout-preset` for a preset other than the default.
  var name: String
  /// The layout's name (`render --layout`).
  var layout: String
  /// The preset's name (`render --preset`).
  var preset: String
  /// A title for the page.
  var title: String
  /// One or two sentences for the page.
  var summary: String
  /// The script `scrollwork demo` plays.
  var demoScript: String
  /// Builds the scene for a canvas and photos.
  var make: @Sendable (SceneContext) throws -> any Scene
}
