import GestureScripting
import LayoutCore
import Raster
import ScrollPhysics

/// What a scene is built from: the canvas size, the photos and the scale.
package struct SceneContext {
  /// The canvas size in points (the phone screen).
  package var size: Size
  /// Pixels per point of the output.
  package var scale: Double
  /// The photos to show (never empty).
  package var photos: [Photo]
  /// Whether to draw the debug overlay (index labels, centre lines).
  package var debug: Bool

  /// The photos' upright sizes, as layout item sizes.
  package var photoSizes: [Size] { photos.map { Size(width: Double($0.size.width), height: Double($0.size.height)) } }

  /// The photo for item `item` (photos repeat when there are more items).
  package func photo(_ item: Int) -> Photo { photos[((item % photos.count) + photos.count) % photos.count] }

  /// Memberwise, for the other targets of the tool's package.
  package init(size: Size, scale: Double, photos: [Photo], debug: Bool) {
    self.size = size
    self.scale = scale
    self.photos = photos
    self.debug = debug
  }
}

/// One layout's elements drawn in one region of the canvas, as a
/// collection view draws its cells in its bounds.
package struct SceneLayer {
  /// Where the layout's viewport is on the canvas, in points.
  package var region: Rect
  /// The layout's content offset: content point `contentOffset` shows at
  /// the region's top-left corner.
  package var contentOffset: Point
  /// The elements to draw, in any order (drawn by zIndex, then identity).
  package var elements: [LayoutAttributes]
  /// The photo an element shows, or `nil` for none.
  package var photo: (LayoutAttributes) -> Photo?
  /// How an element looks.
  package var style: (LayoutAttributes) -> ElementStyle
  /// The region's background, or `nil` to leave the canvas as it is.
  package var background: Color? = nil
  /// Debug overlay: a line through the region's centre.
  package var centerLine = false
  /// Debug overlay: each element's item number.
  package var indexLabels = false
  /// Draws an element itself instead of the element painter (text drawn
  /// with the measurer that sized it), given the canvas point of content
  /// (0, 0) and the layer's clip; `nil` for the painter.
  package var draw: ((LayoutAttributes, inout Canvas, _ origin: Point, _ clip: Rect) -> Void)? = nil

  /// Memberwise, for the other targets of the tool's package.
  package init(
    region: Rect, contentOffset: Point, elements: [LayoutAttributes], photo: @escaping (LayoutAttributes) -> Photo?,
    style: @escaping (LayoutAttributes) -> ElementStyle, background: Color? = nil, centerLine: Bool = false,
    indexLabels: Bool = false, draw: ((LayoutAttributes, inout Canvas, _ origin: Point, _ clip: Rect) -> Void)? = nil
  ) {
    self.region = region
    self.contentOffset = contentOffset
    self.elements = elements
    self.photo = photo
    self.style = style
    self.background = background
    self.centerLine = centerLine
    self.indexLabels = indexLabels
    self.draw = draw
  }
}

/// A scripted, drawable screen: gesture-driven surfaces plus what they
/// show. `scrollwork demo` and `scrollwork render` record scenes.
///
/// A gesture script step with a target name (`pager drag -300 0.25`) goes
/// to the surface of that name; a step without one to the scene's main
/// surface.
package protocol Scene: GestureDriven {
  /// What to draw now, back to front.
  func layers() -> [SceneLayer]
}

/// The simplest scene: one prepared layout in one `LayoutScroller`, filling
/// the canvas. Any layout whose state is just a content offset plugs in
/// with this (see `FlowScene`).
package struct ScrollerScene<Layout: PreparedLayout>: Scene {
  package var scroller: LayoutScroller<Layout>
  /// The target name scripts may use for this surface ("grid").
  package var name: String
  package var region: Rect
  package var photo: (LayoutAttributes) -> Photo?
  package var style: (LayoutAttributes) -> ElementStyle
  package var background: Color = Color(hex: 0x000000)
  package var debug = false
  /// Draws an element itself (see `SceneLayer.draw`); `nil` for the painter.
  package var draw: ((LayoutAttributes, inout Canvas, _ origin: Point, _ clip: Rect) -> Void)? = nil

  /// Memberwise, for the other targets of the tool's package.
  package init(
    scroller: LayoutScroller<Layout>, name: String, region: Rect, photo: @escaping (LayoutAttributes) -> Photo?,
    style: @escaping (LayoutAttributes) -> ElementStyle, background: Color = Color(hex: 0x000000), debug: Bool = false,
    draw: ((LayoutAttributes, inout Canvas, _ origin: Point, _ clip: Rect) -> Void)? = nil
  ) {
    self.scroller = scroller
    self.name = name
    self.region = region
    self.photo = photo
    self.style = style
    self.background = background
    self.debug = debug
    self.draw = draw
  }

  package func checked(_ target: String?) throws(ScriptError) -> String? {
    guard let target, target != name else { return nil }
    throw .unknownTarget(target, known: [name])
  }

  package mutating func touchDown(_ target: String?, at time: Double) throws(ScriptError) {
    try scroller.touchDown(checked(target), at: time)
  }

  package mutating func drag(_ target: String?, translation: Point, at time: Double) throws(ScriptError) {
    try scroller.drag(checked(target), translation: translation, at: time)
  }

  package mutating func release(_ target: String?, at time: Double) throws(ScriptError) {
    try scroller.release(checked(target), at: time)
  }

  package mutating func setContentOffset(
    _ target: String?, _ offset: Point, animated: Bool, at time: Double
  ) throws(ScriptError) {
    try scroller.setContentOffset(checked(target), offset, animated: animated, at: time)
  }

  package mutating func advance(to time: Double) { scroller.advance(to: time) }

  package func layers() -> [SceneLayer] {
    [
      SceneLayer(
        region: region, contentOffset: scroller.state.contentOffset, elements: scroller.visibleAttributes,
        photo: photo, style: style, background: background, centerLine: false, indexLabels: debug, draw: draw)
    ]
  }
}

/// A scene a layout offers (`LayoutEntry.scene(_:)`): its name, words for
/// the page, its default script and how to build it.
package struct SceneEntry: Sendable {
  /// The name it is recorded under (the output sub-folder): the layout's
  /// name, or `layout-preset` for a preset other than the default.
  package var name: String
  /// The layout's name (`render --layout`).
  package var layout: String
  /// The preset's name (`render --preset`).
  package var preset: String
  /// A title for the page.
  package var title: String
  /// One or two sentences for the page.
  package var summary: String
  /// The script `scrollwork demo` plays.
  package var demoScript: String
  /// Builds the scene for a canvas and photos.
  package var make: @Sendable (SceneContext) throws -> any Scene

  /// Memberwise, for the other targets of the tool's package.
  package init(
    name: String, layout: String, preset: String, title: String, summary: String, demoScript: String,
    make: @escaping @Sendable (SceneContext) throws -> any Scene
  ) {
    self.name = name
    self.layout = layout
    self.preset = preset
    self.title = title
    self.summary = summary
    self.demoScript = demoScript
    self.make = make
  }
}
