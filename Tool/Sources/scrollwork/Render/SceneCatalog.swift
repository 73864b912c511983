import Scenes

/// The scenes `scrollwork demo` plays, in order: derived from
/// `LayoutRegistry.all` (each layout's `demoPresets`), never listed here.
/// To add a scene, add a layout or a demo preset (see `LayoutEntry`).
enum SceneCatalog {
  static var all: [SceneEntry] { LayoutRegistry.demoScenes }

  /// The scene recorded as `name` (`carousel`, `carousel-coverFlow`), or `nil`.
  static func entry(named name: String) -> SceneEntry? { all.first { $0.name == name } }

  static var names: [String] { all.map(\.name) }
}
