import Album
import LayoutCore
import ScrollPhysics
import Viewer

/// The one place the viewer touches the scene catalogue: which scenes
/// there are, how one is built (keeping the position of the one it
/// replaces), what surfaces it has and their target names.
enum ViewScenes {
  /// The scenes Tab cycles through, in catalogue order.
  static var entries: [SceneEntry] { SceneCatalog.all }

  static var names: [String] { SceneCatalog.names }

  /// The entry for `--layout` / `--preset`: the preset names a scene of
  /// its own in today's catalogue (`coverflow`, `stack`), so it wins.
  static func index(layout: String?, preset: String?) throws -> Int {
    for name in [preset, layout].compactMap({ $0 }) {
      if let i = entries.firstIndex(where: { $0.name == name }) { return i }
    }
    if let name = preset ?? layout {
      throw CLIError("unknown layout '\(name)' (known: \(names.joined(separator: ", ")))")
    }
    return 0
  }

  /// The gesture target of each layer of `scene` (`nil`: the main surface).
  static func targets(_ scene: any Scene) -> [String?] {
    scene is AlbumScene ? ["pager", "strip"] : [nil]
  }

  /// Builds `entry`'s scene for `context`; when `previous` is a scene of
  /// the same entry, the new one shows the same place: the album the same
  /// page, another scene the same content offset (clamped by the scene).
  static func make(_ entry: SceneEntry, _ context: SceneContext, keeping previous: (any Scene)?) throws -> any Scene {
    var scene = try entry.make(context)
    guard let previous, type(of: previous) == type(of: scene) else { return scene }
    if let old = previous as? AlbumScene, let new = scene as? AlbumScene {
      let page = old.album.position.rounded()
      let index = page.isFinite ? Int(Swift.max(0, Swift.min(1e6, page))) : 0
      try? scene.setContentOffset(
        "pager", Point(x: new.album.pager.offset(ofPage: index), y: 0), animated: false, at: 0)
    } else if let layer = previous.layers().first {
      try? scene.setContentOffset(nil, layer.contentOffset, animated: false, at: 0)
    }
    return scene
  }

  /// The surfaces of `scene` on screen, front last, and whether each
  /// scrolls sideways only (found by a trial drag on a copy of the scene).
  static func regions(_ scene: any Scene) -> [SurfaceRegion] {
    let layers = scene.layers()
    let targets = targets(scene)
    return layers.indices.map { i in
      var probe = scene
      let target = i < targets.count ? targets[i] : nil
      try? probe.touchDown(target, at: 0)
      try? probe.drag(target, translation: Point(x: 0, y: -60), at: 0.05)
      let moved = probe.layers()
      let vertical = i < moved.count && abs(moved[i].contentOffset.y - layers[i].contentOffset.y) > 0.5
      return SurfaceRegion(rect: layers[i].region, horizontal: !vertical)
    }
  }
}
