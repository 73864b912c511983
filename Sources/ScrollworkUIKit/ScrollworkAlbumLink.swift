#if canImport(UIKit)
  import Album
  import LayoutCore
  import LayoutHost
  import UIKit

  /// The Photos album on two real collection views: the pager of big photos
  /// and the filmstrip under it. The link gives both their layouts, is both
  /// collection views' delegate, and drives the album's coordinator through
  /// its scroll-view API: the user drags either, the other follows in the
  /// same frame; dragging the strip folds its thumbnails, and when it comes
  /// to rest the one under the centre line unfolds and centres.
  ///
  /// ```swift
  /// let link = try ScrollworkAlbumLink(pager: pagerView, strip: stripView, photoSizes: sizes)
  /// ```
  ///
  /// The app keeps its own data sources (one section of photos in both).
  /// Call `layoutDidChange()` after the views change size.
  @MainActor
  public final class ScrollworkAlbumLink: NSObject, UICollectionViewDelegate {
    public let pager: UICollectionView
    public let strip: UICollectionView
    public let pagerLayout: ScrollworkLayout<PreparedAlbumPagerLayout>
    public let stripLayout: ScrollworkLayout<PreparedFilmstripLayout>
    public private(set) var album: AlbumCoordinator
    private let photos: LayoutItems
    private let configuration: AlbumConfiguration
    private var displayLink: CADisplayLink?
    /// Set while the link moves a view itself, so its echo is not taken
    /// for the user's.
    private var applying = false

    /// Links `pager` and `strip` for photos of `photoSizes` pixels.
    ///
    /// - Throws: `LayoutError` for photos or views the album cannot lay out.
    public init(
      pager: UICollectionView, strip: UICollectionView, photoSizes: [CGSize],
      configuration: AlbumConfiguration = .photosLab()
    ) throws {
      self.pager = pager
      self.strip = strip
      self.configuration = configuration
      let sizes = photoSizes.map { Size($0) }
      photos = LayoutItems(sizes)
      pagerLayout = .albumPager(configuration.pager, itemSizes: .cycling(sizes))
      stripLayout = .filmstrip(configuration.strip, itemSizes: .cycling(sizes))
      album = try AlbumCoordinator(
        photos: photos, viewport: Self.albumSize(pager, strip, configuration), configuration: configuration)
      super.init()
      pager.collectionViewLayout = pagerLayout
      strip.collectionViewLayout = stripLayout
      pager.isPagingEnabled = false
      pager.decelerationRate = .fast
      pager.delegate = self
      strip.delegate = self
      // VoiceOver: the pager is one adjustable element, photo by photo.
      (pager as? ScrollworkCollectionView)?.adjustsByItem = true
      (pager as? ScrollworkCollectionView)?.itemsLabel = "Photos"
      apply(album.linkOutput())
    }

    static func albumSize(_ pager: UICollectionView, _ strip: UICollectionView, _ c: AlbumConfiguration) -> Size {
      let width = Swift.max(1, Double(pager.bounds.width))
      return Size(width: width, height: Swift.max(Double(pager.bounds.height), 1) + c.stripHeight)
    }

    /// The views changed size (a rotation): the album keeps its position.
    public func layoutDidChange() {
      try? album.resize(to: Self.albumSize(pager, strip, configuration), at: CACurrentMediaTime())
      apply(album.linkOutput())
    }

    private func role(of scrollView: UIScrollView) -> AlbumCoordinator.Role? {
      scrollView === pager ? .pager : scrollView === strip ? .strip : nil
    }

    /// Moves the follower and gives the strip its state.
    private func apply(_ output: AlbumLinkOutput) {
      applying = true
      defer { applying = false }
      stripLayout.setState(output.stripState)
      strip.contentInset = UIEdgeInsets(
        top: CGFloat(output.stripContentInset.top), left: CGFloat(output.stripContentInset.left),
        bottom: CGFloat(output.stripContentInset.bottom), right: CGFloat(output.stripContentInset.right))
      if output.leader == .pager, strip.contentOffset.x != CGFloat(output.stripOffset.x) {
        strip.contentOffset = CGPoint(output.stripOffset)
      }
      if output.leader == .strip {
        if strip.contentOffset.x != CGFloat(output.stripOffset.x) { strip.contentOffset = CGPoint(output.stripOffset) }
        if pager.contentOffset.x != CGFloat(output.pagerOffset.x) { pager.contentOffset = CGPoint(output.pagerOffset) }
      }
      let animating = output.accordion == .folding || output.accordion == .unfolding || output.accordion == .following
      animating ? startTicking() : stopTicking()
    }

    private func startTicking() {
      guard displayLink == nil else { return }
      let link = CADisplayLink(target: self, selector: #selector(tick(_:)))
      link.preferredFrameRateRange = CAFrameRateRange(minimum: 60, maximum: 120, preferred: 120)
      link.add(to: .main, forMode: .common)
      displayLink = link
    }

    private func stopTicking() {
      displayLink?.invalidate()
      displayLink = nil
    }

    @objc private func tick(_ link: CADisplayLink) {
      apply(album.tick(at: link.targetTimestamp))
    }

    // MARK: UIScrollViewDelegate

    public func scrollViewDidScroll(_ scrollView: UIScrollView) {
      guard !applying, let role = role(of: scrollView) else { return }
      apply(album.scrollViewDidScroll(role, offset: Double(scrollView.contentOffset.x), at: CACurrentMediaTime()))
    }

    public func scrollViewWillBeginDragging(_ scrollView: UIScrollView) {
      guard let role = role(of: scrollView) else { return }
      if role == .pager { pagerLayout.dragBegan(at: scrollView.contentOffset) }
      apply(album.scrollViewWillBeginDragging(role, at: CACurrentMediaTime()))
    }

    public func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {
      guard let role = role(of: scrollView) else { return }
      apply(album.scrollViewDidEndDragging(role, willDecelerate: decelerate, at: CACurrentMediaTime()))
    }

    public func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {
      guard let role = role(of: scrollView) else { return }
      apply(album.scrollViewDidEndScrolling(role, at: CACurrentMediaTime()))
    }

    public func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) {
      guard let role = role(of: scrollView) else { return }
      apply(album.scrollViewDidEndScrolling(role, at: CACurrentMediaTime()))
    }
  }
#endif
