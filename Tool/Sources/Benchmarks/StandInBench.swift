#if !canImport(UIKit)
  import Album
  import Foundation
  import LayoutCatalog
  import LayoutCore
  import LayoutHost
  import ScrollworkUIKit
  import ToolSupport
  import UIKitStandIn

  // Scroll frames through the UIKit shell: `ScrollworkLayout` in the UIKit
  // stand-in's collection view, which makes UIKit's calls (the bounds
  // change, its context, `prepare()`, the elements) and shows the views.
  // Floor: the same frames through the host alone (`HostBox.scrollFrame`),
  // so the ratio is what the shell and the views add.

  /// A data source of section counts with one cell class and every
  /// supplementary kind Scrollwork's layouts use.
  @MainActor
  package final class BenchDataSource: NSObject, UICollectionViewDataSource {
    package let counts: [Int]
    package init(counts: [Int]) { self.counts = counts }

    package func install(in view: UICollectionView) {
      view.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "cell")
      for kind in ["header", "footer", "stretchyHeader", "menu"] {
        view.register(UICollectionReusableView.self, forSupplementaryViewOfKind: kind, withReuseIdentifier: kind)
      }
      view.dataSource = self
    }

    package func numberOfSections(in collectionView: UICollectionView) -> Int { counts.count }
    package func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
      counts[section]
    }
    package func collectionView(
      _ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath
    ) -> UICollectionViewCell {
      collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
    }
    package func collectionView(
      _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
    ) -> UICollectionReusableView {
      collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: kind, for: indexPath)
    }
  }

  /// A value made on the main thread and used there (the bench runs on
  /// the main thread; its subjects hold the stand-in's main-actor views).
  package struct MainThreadValue<Value>: @unchecked Sendable {
    package var value: Value
    package init(_ value: Value) { self.value = value }
  }

  /// The album's floor: the host-side work of one shell frame of a pager
  /// drag, in the shell's order, on the hosts and the coordinator as
  /// values (no UIKit object, no view): the pager host's bounds change
  /// (`shouldInvalidate`, then its context and invalidation, or the bounds
  /// moved), the album coordinator's step (`scrollViewDidScroll(.pager)`),
  /// the strip host's state context and its invalidation when it names
  /// something, the strip host's bounds change to the offset the album
  /// gives, then each host's prepare for the frame, content size and
  /// elements (read, as the shell reads them). The frames are consecutive,
  /// as the shell's are (each starts where the last ended).
  package final class AlbumHostFrame {
    var pager: LayoutHost<PreparedAlbumPagerLayout>
    var strip: LayoutHost<PreparedFilmstripLayout>
    var album: AlbumCoordinator
    let pagerSize: Size
    let stripSize: Size
    /// The media time the link reads (the stand-in's clock stands still).
    let time: Double

    package init(
      pager: LayoutHost<PreparedAlbumPagerLayout>, strip: LayoutHost<PreparedFilmstripLayout>,
      album: AlbumCoordinator, pagerSize: Size, stripSize: Size, time: Double
    ) {
      self.pager = pager
      self.strip = strip
      self.album = album
      self.pagerSize = pagerSize
      self.stripSize = stripSize
      self.time = time
    }

    /// The frame that moves the pager to `offset`.
    package func frame(to offset: Point) {
      Self.frame(&pager, &strip, &album, to: offset, pagerSize: pagerSize, stripSize: stripSize, time: time)
    }

    /// The frame on the values in place (a class's stored struct would be
    /// copied by a non-mutating call).
    static func frame(
      _ pager: inout LayoutHost<PreparedAlbumPagerLayout>, _ strip: inout LayoutHost<PreparedFilmstripLayout>,
      _ album: inout AlbumCoordinator, to offset: Point, pagerSize: Size, stripSize: Size, time: Double
    ) {
      let pagerBounds = Rect(origin: offset, size: pagerSize)
      HostBox.moveBounds(&pager, to: pagerBounds)
      let output = album.scrollViewDidScroll(.pager, offset: offset.x, at: time)
      let context = strip.invalidationContext(forStateChange: output.stripState)
      if !context.elements.isEmpty || context.contentSizeAdjustment != .zero { strip.invalidate(with: context) }
      if output.leader == .pager, strip.bounds.origin.x != output.stripOffset.x {
        HostBox.moveBounds(&strip, to: Rect(origin: output.stripOffset, size: stripSize))
      }
      HostBox.layOut(&pager)
      HostBox.layOut(&strip)
    }
  }

  extension BenchScenario {
    /// The scroll frames through the stand-in, after the host's.
    package static var standInScenarios: [BenchScenario] {
      [false, true].flatMap { views -> [BenchScenario] in
        [
          // As the host's frames: the catalog's presets and default sizes.
          .standInFrame(
            "carousel", CarouselPreset.spotify.layout, sizes: LayoutCatalog.carousel.defaultItemSizes.source,
            viewport: Size(width: 390, height: 300), horizontal: LayoutCatalog.carousel.isHorizontal, views: views),
          .standInFrame(
            "sticky", StickyPreset.jungleCup.layout, sizes: LayoutCatalog.sticky.defaultItemSizes.source,
            viewport: Size(width: 390, height: 844), horizontal: LayoutCatalog.sticky.isHorizontal,
            sectionLength: 50, views: views),
          .standInFrame(
            "flow", FlowLayout(lineSpacing: 2, interItemSpacing: 2),
            sizes: .uniform(Size(width: 96, height: 96)), viewport: Size(width: 390, height: 844), horizontal: false,
            views: views),
          .standInAlbumFrame(views: views),
        ]
      }
    }

    /// `shell-frame-NAME`: the layout's share of a frame, the calls UIKit
    /// makes of it (the offset set on the stand-in's view: the bounds
    /// change, its context and invalidation; then `prepare()`, the content
    /// size and the elements in the bounds, mapped to UIKit attributes).
    /// `standin-frame-NAME`: the whole frame on the stand-in, views
    /// included (dequeuing, applying attributes: UIKit's own cost on a
    /// device, the stand-in's here).
    package static func frameName(_ name: String, views: Bool) -> String {
      (views ? "standin-frame-" : "shell-frame-") + name
    }

    /// `frame` as the bench's sample closure, which is not isolated: the
    /// bench runs every sample on the thread that made its subject, the
    /// main thread. Made once, on the main actor; each call checks the
    /// thread (`pthread_self`, a few instructions) and traps elsewhere.
    /// Not `MainActor.assumeIsolated` per frame: that allocates a context
    /// for its closure and asks the executor (twice: the closure checks
    /// again), ~1,150 instructions and one allocation a frame that neither
    /// the floor nor a frame of UIKit on a device pays, counted until now
    /// as the shell's.
    @MainActor
    static func onMainThread(
      _ frame: @escaping @MainActor (Int) -> Void
    ) -> (Int, inout [LayoutAttributes]) -> Void {
      let mainThread = pthread_self()
      // The main actor's synchronous closure has the same representation as
      // a nonisolated one (the standard library's `assumeIsolated` converts
      // it the same way); the isolation is checked by the thread test.
      let unchecked = unsafeBitCast(frame, to: ((Int) -> Void).self)
      return { i, _ in
        precondition(pthread_equal(pthread_self(), mainThread) != 0, "a stand-in frame off the main thread")
        unchecked(i)
      }
    }

    /// The calls UIKit makes of `layout` in a frame, after the offset moved.
    @MainActor
    package static func layoutCalls(_ layout: UICollectionViewLayout, in view: UICollectionView) {
      layout.prepare()
      blackHole(layout.collectionViewContentSize)
      blackHole(layout.layoutAttributesForElements(in: view.bounds))
    }

    /// Offsets 1/120 s apart at 2,000 pt/s from a random start in the
    /// layout's offset range, as the host's frames use.
    package static func scrollOffsets(
      _ range: (min: Point, max: Point), samples: Int, horizontal: Bool, seed: UInt64
    ) -> [Point] {
      var rng = BenchRandom(seed: seed)
      let step = 2000.0 / 120
      let span = step * Double(samples + 1)
      let low = horizontal ? range.min.x : range.min.y
      let high = Swift.max(low, (horizontal ? range.max.x : range.max.y) - span)
      let first = rng.double(in: low...high)
      return (0...samples).map { i -> Point in
        let v = first + step * Double(i)
        return horizontal ? Point(x: v, y: 0) : Point(x: 0, y: v)
      }
    }

    /// One scroll frame as an app's collection view makes it: the offset
    /// set (UIKit's bounds change, context and invalidation), then the
    /// layout pass (`prepare()`, the elements, the views). Timed once each
    /// in scroll order.
    package static func standInFrame<L: CollectionLayout>(
      _ name: String, _ layout: L, sizes: ItemSizeSource, viewport: Size, horizontal: Bool, sectionLength: Int? = nil,
      views: Bool
    ) -> BenchScenario where L.Prepared.State == ScrollState {
      let name = frameName(name, views: views)
      return BenchScenario(name: name) { n, samples, seed in
        try MainActor.assumeIsolated { () throws -> MainThreadValue<BenchSubject> in
          let counts =
            sectionLength.map { length in
              (0..<((n + length - 1) / length)).map { Swift.min(length, n - $0 * length) }
            } ?? [n]
          var host = LayoutHost(layout, itemSizes: sizes)
          let shell = ScrollworkLayout(host: host)
          let view = UICollectionView(
            frame: CGRect(x: 0, y: 0, width: viewport.width, height: viewport.height), collectionViewLayout: shell)
          view.recordsLayoutCalls = false
          let data = BenchDataSource(counts: counts)
          data.install(in: view)
          let start = nanoseconds()
          view.layoutIfNeeded()
          let prepareNs = Double(nanoseconds() - start)
          try host.prepare(bounds: Rect(origin: .zero, size: viewport), counts: counts)
          guard let prepared = host.prepared else { throw CLIError("\(name): not prepared") }
          let offsets = scrollOffsets(
            prepared.offsetBounds(at: ScrollState()), samples: samples, horizontal: horizontal, seed: seed)
          let box = HostBox(host)
          let engine = onMainThread { i in
            view.contentOffset = CGPoint(x: offsets[i + 1].x, y: offsets[i + 1].y)
            if views { view.layoutIfNeeded() } else { layoutCalls(shell, in: view) }
          }
          let floor: (Int, inout [LayoutAttributes]) -> Void = { i, _ in
            box.scrollFrame(
              from: Rect(origin: offsets[i], size: viewport), to: Rect(origin: offsets[i + 1], size: viewport))
          }
          let states = offsets.dropFirst().map { ScrollState(contentOffset: $0) }
          return MainThreadValue(
            BenchSubject(
              engine: engine, baseline: NaiveBaseline.loopingOverCells(prepared, Array(states)),
              keepAlive: [view, data, box] as [AnyObject], prepareNs: prepareNs, preparedBytes: nil, floor: floor,
              repeats: 1, lastResultCount: { MainActor.assumeIsolated { view.visibleCells.count } }))
        }.value
      }
    }

    /// The album on two collection views (`ScrollworkAlbumLink`): a frame
    /// of a pager drag moves the pager, the link steps the album's
    /// coordinator, gives the strip its state (a scoped invalidation) and
    /// moves it, and both lay out. Floor: the same host-side work without
    /// UIKit's objects (`AlbumHostFrame`): the coordinator's step, the
    /// strip host's state context and invalidation, both hosts' bounds
    /// changes, prepares and elements.
    package static func standInAlbumFrame(views: Bool) -> BenchScenario {
      let name = frameName("album", views: views)
      return BenchScenario(name: name) { n, samples, seed in
        try MainActor.assumeIsolated { () throws -> MainThreadValue<BenchSubject> in
          let photos = [CGSize(width: 4032, height: 3024), CGSize(width: 3024, height: 4032)]
          let pager = UICollectionView(
            frame: CGRect(x: 0, y: 0, width: 390, height: 700), collectionViewLayout: UICollectionViewLayout())
          let strip = UICollectionView(
            frame: CGRect(x: 0, y: 700, width: 390, height: 44), collectionViewLayout: UICollectionViewLayout())
          pager.recordsLayoutCalls = false
          strip.recordsLayoutCalls = false
          let pagerData = BenchDataSource(counts: [n])
          let stripData = BenchDataSource(counts: [n])
          pagerData.install(in: pager)
          stripData.install(in: strip)
          let start = nanoseconds()
          let link = try ScrollworkAlbumLink(
            pager: pager, strip: strip, photoSizes: (0..<n).map { photos[$0 % 2] })
          pager.layoutIfNeeded()
          strip.layoutIfNeeded()
          let prepareNs = Double(nanoseconds() - start)
          let pagerViewport = Size(width: 390, height: 700)
          guard let prepared = link.pagerLayout.host.prepared else { throw CLIError("\(name): not prepared") }
          let offsets = scrollOffsets(
            prepared.offsetBounds(at: ScrollState()), samples: samples, horizontal: true, seed: seed)
          // The views at the first offset, laid out: the floor starts from
          // the very hosts and coordinator the shell has there.
          pager.contentOffset = CGPoint(x: offsets[0].x, y: offsets[0].y)
          pager.layoutIfNeeded()
          strip.layoutIfNeeded()
          let floorFrame = AlbumHostFrame(
            pager: link.pagerLayout.host, strip: link.stripLayout.host, album: link.album,
            pagerSize: pagerViewport, stripSize: Size(width: 390, height: 44), time: CACurrentMediaTime())
          let engine = onMainThread { i in
            pager.contentOffset = CGPoint(x: offsets[i + 1].x, y: offsets[i + 1].y)
            if views {
              pager.layoutIfNeeded()
              strip.layoutIfNeeded()
            } else {
              layoutCalls(link.pagerLayout, in: pager)
              layoutCalls(link.stripLayout, in: strip)
            }
          }
          let floor: (Int, inout [LayoutAttributes]) -> Void = { i, _ in floorFrame.frame(to: offsets[i + 1]) }
          let states = offsets.dropFirst().map { ScrollState(contentOffset: $0) }
          return MainThreadValue(
            BenchSubject(
              engine: engine, baseline: NaiveBaseline.loopingOverCells(prepared, Array(states)),
              keepAlive: [pager, strip, pagerData, stripData, link, floorFrame] as [AnyObject],
              prepareNs: prepareNs, preparedBytes: nil, floor: floor, repeats: 1,
              lastResultCount: { MainActor.assumeIsolated { pager.visibleCells.count + strip.visibleCells.count } }))
        }.value
      }
    }
  }
#else
  extension BenchScenario {
    /// On iOS the stand-in is UIKit itself: no stand-in frames.
    package static var standInScenarios: [BenchScenario] { [] }
  }
#endif
