import Album
import LayoutCore
import Raster
import Scenes
import ScrollPhysics
import Viewer

/// The one place the viewer touches scenes (the registry's list of them
/// is the tool's, `ViewScenes.entries`): how one is built (keeping the position of the one it
/// replaces), what surfaces it has and their target names.
package enum ViewScenes {
  /// The gesture target of each layer of `scene` (`nil`: the main surface).
  package static func targets(_ scene: any Scene) -> [String?] {
    scene is AlbumScene ? ["pager", "strip"] : [nil]
  }

  /// Builds `entry`'s scene for `context`; when `previous` is a scene of
  /// the same entry, the new one shows the same place: the album the same
  /// page, another scene the same content offset (clamped by the scene).
  package static func make(
    _ entry: SceneEntry, _ context: SceneContext, keeping previous: (any Scene)?
  ) throws -> any Scene {
    var scene = try entry.make(context)
    guard let previous, type(of: previous) == type(of: scene) else { return scene }
    if let old = previous as? PhotosScene, var new = scene as? PhotosScene {
      new.show(mode: old.session.mode, offset: old.session.contentOffset)
      scene = new
    } else if let old = previous as? AlbumScene, let new = scene as? AlbumScene {
      let page = old.album.position.rounded()
      let index = page.isFinite ? Int(Swift.max(0, Swift.min(1e6, page))) : 0
      try? scene.setContentOffset(
        "pager", Point(x: new.album.pager.offset(ofPage: index), y: 0), animated: false, at: 0)
    } else if let layer = previous.layers().first {
      try? scene.setContentOffset(nil, layer.contentOffset, animated: false, at: 0)
    }
    return scene
  }

  /// The photo in view and where: the album's current page, or the grid's
  /// first photo on screen with its distance below the viewport's top;
  /// `nil` for other scenes.
  package static func viewedPhoto(_ scene: any Scene) -> (name: String, screenY: Double)? {
    if let album = scene as? AlbumScene {
      let page = album.album.position.rounded()
      guard page.isFinite, page >= 0, Int(page) < album.context.photos.count else { return nil }
      return (album.context.photos[Int(page)].name, 0)
    }
    guard scene is PhotosScene, let layer = scene.layers().first else { return nil }
    let cells = layer.elements.filter { $0.id.kind == .cell }.sorted {
      ($0.frame.minY, $0.frame.minX) < ($1.frame.minY, $1.frame.minX)
    }
    for cell in cells where cell.frame.maxY > layer.contentOffset.y {
      if let photo = layer.photo(cell) { return (photo.name, cell.frame.minY - layer.contentOffset.y) }
    }
    return nil
  }

  /// Puts `viewed` back where it was (a folder changed under the scene):
  /// the album pages to that photo, the grid scrolls so that it is the
  /// same distance below the top. Nothing when the photo is gone.
  package static func show(_ viewed: (name: String, screenY: Double), in scene: inout any Scene) {
    if let album = scene as? AlbumScene {
      guard let page = album.context.photos.firstIndex(where: { $0.name == viewed.name }) else { return }
      try? scene.setContentOffset(
        "pager", Point(x: album.album.pager.offset(ofPage: page), y: 0), animated: false, at: 0)
      return
    }
    guard let grid = scene as? PhotosScene,
      let frame = grid.frame(ofPhotoNamed: viewed.name)
    else { return }
    try? scene.setContentOffset(nil, Point(x: 0, y: frame.minY - viewed.screenY), animated: false, at: 0)
  }

  /// The photos the album will show as it pages, nearest pages first (at
  /// most `limit` pages): each element with its photo at that page, for
  /// warming the photo cache before a swipe needs them. Other scenes: the
  /// elements on screen now.
  package static func upcomingPhotos(_ scene: any Scene, limit: Int = 64) -> [(LayoutAttributes, Photo)] {
    var out: [(LayoutAttributes, Photo)] = []
    func collect(_ scene: any Scene) {
      for layer in scene.layers() {
        for element in layer.elements { if let photo = layer.photo(element) { out.append((element, photo)) } }
      }
    }
    guard let album = scene as? AlbumScene else {
      collect(scene)
      return out
    }
    let count = album.album.pager.count
    let here = album.album.position.rounded()
    let current = here.isFinite ? Int(Swift.max(0, Swift.min(Double(Swift.max(0, count - 1)), here))) : 0
    let pages = (0..<count).sorted { abs($0 - current) < abs($1 - current) }.prefix(Swift.max(0, limit))
    for page in pages {
      var copy: any Scene = album
      try? copy.setContentOffset(
        "pager", Point(x: album.album.pager.offset(ofPage: page), y: 0), animated: false, at: 0)
      collect(copy)
    }
    return out
  }

  /// The photos one screen away from where each of `layers` (the scene's
  /// own, now) rests, on each side it can scroll to, that are not on
  /// screen now: each element with its photo and style there, nearest
  /// layer first, at most `limit`. For readying the next page (or
  /// screenful) before a swipe needs it.
  ///
  /// - Complexity: four layouts of the scene per layer, plus
  ///   O(elements found).
  package static func neighbourPhotos(
    _ scene: any Scene, layers: [SceneLayer], limit: Int = 256
  ) -> [(LayoutAttributes, Photo, ElementStyle)] {
    let targets = targets(scene)
    var found: [(LayoutAttributes, Photo, ElementStyle)] = []
    for (i, layer) in layers.enumerated() {
      let target = i < targets.count ? targets[i] : nil
      var seen = Set(layer.elements.compactMap { layer.photo($0)?.name })
      let w = layer.region.width
      let h = layer.region.height
      for step in [Point(x: w, y: 0), Point(x: -w, y: 0), Point(x: 0, y: h), Point(x: 0, y: -h)] {
        var probe = scene
        let offset = Point(x: layer.contentOffset.x + step.x, y: layer.contentOffset.y + step.y)
        guard (try? probe.setContentOffset(target, offset, animated: false, at: 0)) != nil else { continue }
        let moved = probe.layers()
        guard i < moved.count, moved[i].contentOffset != layer.contentOffset else { continue }
        for element in moved[i].elements {
          guard let photo = moved[i].photo(element), seen.insert(photo.name).inserted else { continue }
          found.append((element, photo, moved[i].style(element)))
          if found.count >= limit { return found }
        }
      }
    }
    return found
  }

  /// The surfaces of `scene` on screen, front last, and whether each
  /// scrolls sideways only (found by a trial drag on a copy of the scene).
  package static func regions(_ scene: any Scene) -> [SurfaceRegion] {
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
