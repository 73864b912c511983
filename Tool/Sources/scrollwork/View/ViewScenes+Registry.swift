import ArgumentParser
import Scenes
import ViewerApp

extension ViewScenes {
  /// The scenes Tab cycles through: every preset of every layout, in
  /// registry order.
  static var entries: [SceneEntry] {
    LayoutRegistry.all.flatMap { entry in entry.allScenes }
  }

  static var names: [String] { entries.map(\.name) }

  /// The scene for `--layout` / `--preset` (the first scene without
  /// `--layout`).
  ///
  /// - Throws: `ValidationError` for a preset that is not the layout's.
  static func index(layout: LayoutName?, preset: PresetName?) throws -> Int {
    guard let layout else {
      if preset != nil { throw ValidationError("--preset goes with --layout") }
      return 0
    }
    let scene = try PresetName.scene(layout.entry, preset)
    return entries.firstIndex { $0.name == scene.name } ?? 0
  }
}
