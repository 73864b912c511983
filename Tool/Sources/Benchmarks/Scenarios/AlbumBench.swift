import Album
import GestureScripting
import LayoutCore
import Raster
import ScrollPhysics
import Scenes

extension BenchScenario {
  /// The album's big-photo pager on a 390×600 page, at random offsets.
  package static var albumPager: BenchScenario {
    .layout(
      "album-pager",
      input: { LayoutItems(SamplePhotoSizes.sizes($0)) },
      prepare: { photos in
        try AlbumPagerLayout.photosLab.prepare(items: photos, viewport: Viewport(width: 390, height: 600))
      },
      states: horizontalOffsets,
      baseline: NaiveBaseline.loopingOverCells)
  }

  /// The filmstrip leading: one thumbnail folding or unfolding at a random
  /// progress, the strip at a random offset.
  package static var filmstripLeading: BenchScenario {
    filmstrip("filmstrip-leading") { strip, index, rng in
      var state = FilmstripState.accordion(index: index, progress: rng.unit())
      let bounds = strip.offsetBounds(at: state)
      state.contentOffset = Point(x: rng.double(in: bounds.min.x...bounds.max.x), y: 0)
      return state
    }
  }

  /// The filmstrip following the pager: photo i at fraction f, the strip
  /// where the coordinator puts it.
  package static var filmstripFollowing: BenchScenario {
    filmstrip("filmstrip-following") { strip, index, rng in
      var state = FilmstripState.following(index: index, fraction: rng.unit())
      let x = strip.contentX(atThumbnailCoordinate: Double(index) + 0.5, at: state)
      state.contentOffset = Point(x: x - strip.viewport.size.width / 2, y: 0)
      return state
    }
  }

  /// A 390×44 `photosLab` filmstrip, queried at states drawn by `state`
  /// for random thumbnails.
  package static func filmstrip(
    _ name: String, state: @escaping (PreparedFilmstripLayout, Int, inout BenchRandom) -> FilmstripState
  ) -> BenchScenario {
    .layout(
      name,
      input: { LayoutItems(SamplePhotoSizes.sizes($0)) },
      prepare: { photos in
        try FilmstripLayout.photosLab.prepare(items: photos, viewport: Viewport(width: 390, height: 44))
      },
      states: { prepared, samples, rng in
        (0..<samples).map { _ in state(prepared, Int(rng.next() % UInt64(max(1, prepared.count))), &rng) }
      },
      baseline: NaiveBaseline.loopingOverCells)
  }

  /// A whole album frame at 120 Hz: the finger moves the pager, the
  /// coordinator syncs the strip, and both strips are queried into reused
  /// buffers. The baseline is the seed's frame: both layouts loop over
  /// every item.
  package static var albumFrame: BenchScenario {
    BenchScenario(name: "album-frame") { n, samples, seed in
      let photos = LayoutItems(SamplePhotoSizes.sizes(n))
      let heapBefore = heapBytes()
      let start = nanoseconds()
      let album = AlbumBox(try AlbumCoordinator(photos: photos, viewport: Size(width: 390, height: 644)))
      let prepareNs = Double(nanoseconds() - start)
      let heapAfter = heapBytes()
      // A long pager drag in progress: each sample moves the finger to a
      // random place within a few pages of the middle of the album.
      var rng = BenchRandom(seed: seed)
      let middle = Double(n / 2) * 390
      let translations = (0..<samples).map { _ in -rng.double(in: 0...1600) }
      try album.coordinator.setContentOffset("pager", Point(x: middle, y: 0), animated: false, at: 0)
      try album.coordinator.touchDown("pager", at: 0)
      var tick = 0
      let engine: (Int, inout [LayoutAttributes]) -> Void = { i, result in
        tick += 1
        try? album.coordinator.drag("pager", translation: Point(x: translations[i], y: 0), at: Double(tick) / 120)
        album.coordinator.discardEvents()
        let c = album.coordinator
        let pagerState = ScrollState(contentOffset: c.pagerSurface.contentOffset)
        c.pager.attributes(
          in: Rect(origin: pagerState.contentOffset, size: c.pager.viewport.size), at: pagerState, into: &result)
        c.strip.attributes(
          in: Rect(origin: c.stripState.contentOffset, size: c.strip.viewport.size), at: c.stripState, into: &result)
      }
      // The baseline replays the same frames' states through the seed's loops.
      var pagerStates: [ScrollState] = []
      var stripStates: [FilmstripState] = []
      for i in 0..<samples {
        var copy = album.coordinator
        try? copy.drag("pager", translation: Point(x: translations[i], y: 0), at: 1_000 + Double(i))
        pagerStates.append(ScrollState(contentOffset: copy.pagerSurface.contentOffset))
        stripStates.append(copy.stripState)
      }
      let pagerBaseline = NaiveBaseline.loopingOverCells(album.coordinator.pager, pagerStates)
      let stripBaseline = NaiveBaseline.loopingOverCells(album.coordinator.strip, stripStates)
      let baseline = NaiveBaseline { i, result in
        pagerBaseline.query(i, &result)
        stripBaseline.query(i, &result)
      }
      var bytes: Int?
      if let heapBefore, let heapAfter { bytes = heapAfter - heapBefore }
      return BenchSubject(
        engine: engine, baseline: baseline, keepAlive: album, prepareNs: prepareNs, preparedBytes: bytes)
    }
  }
}

/// The album, shared by the benchmark's closures.
package final class AlbumBox {
  package var coordinator: AlbumCoordinator
  package init(_ coordinator: AlbumCoordinator) { self.coordinator = coordinator }
}
