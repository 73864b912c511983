/// Every scene `scrollwork demo` plays and `scrollwork render --layout`
/// accepts, in demo order.
///
/// ## Adding a scene (the registration point)
///
/// 1. Write `Sources/scrollwork/Render/Scenes/<Name>Scene.swift` with a
///    `static let entry = SceneEntry(…)` whose `make` prepares the layout
///    from `context.size` / `context.photoSizes` and returns a `Scene`:
///    - a layout whose state is only a content offset: a
///      `ScrollerScene(scroller: LayoutScroller(layout: prepared, state: …), …)`
///      (`FlowScene.swift` is the worked example, about 40 lines);
///    - a layout with several surfaces or extra state (the album's pager
///      and filmstrip): a type conforming to `Scene` that forwards the
///      script's targets (`pager`, `strip`) to its driver and returns one
///      `SceneLayer` per surface from `layers()`.
/// 2. Add `<Name>Scene.entry` to `SceneCatalog.all` below. The album goes
///    first: it is the demo's main act.
enum SceneCatalog {
  static let all: [SceneEntry] = [
    AlbumScene.entry,  // the main act
    FlowScene.entry,
    CarouselScene.entry,
    CarouselScene.coverFlow,
    CarouselScene.stackedCards,
    ProminentScene.entry,
    StickyScene.entry,
  ]

  /// The entry called `name`, or `nil`.
  static func entry(named name: String) -> SceneEntry? { all.first { $0.name == name } }

  static var names: [String] { all.map(\.name) }
}
