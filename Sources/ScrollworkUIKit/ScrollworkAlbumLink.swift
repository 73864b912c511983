#if canImport(UIKit)
  import UIKit
#else
  import Foundation
  import UIKitStandIn
#endif
import Album
import LayoutCore
import LayoutHost

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
/// The link is both views' delegate: set `pagerDelegate` and
/// `stripDelegate` for the app's own delegate calls (selection, display),
/// which the link forwards. Call `layoutDidChange()` after the views
/// change size.
///
/// Every frame of a drag or of the accordion's animation gives the strip
/// its new state through a scoped invalidation (the thumbnails on screen),
/// never a full prepare. The link's display link runs only while a frame
/// changes something (it stops at the first tick that changes nothing).
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
  /// The app's delegate for the pager: the link forwards selection and
  /// display calls to it.
  public weak var pagerDelegate: UICollectionViewDelegate?
  /// The app's delegate for the strip, likewise.
  public weak var stripDelegate: UICollectionViewDelegate?
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
    // A link let go of while its display link runs: the display link
    // (which the run loop keeps) stops at its next frame.
    let link = makeDisplayLink { [weak self] link in
      guard let self else { return link.invalidate() }
      self.tick(link)
    }
    link.preferredFrameRateRange = CAFrameRateRange(minimum: 60, maximum: 120, preferred: 120)
    link.add(to: .main, forMode: .common)
    displayLink = link
  }

  private func stopTicking() {
    displayLink?.invalidate()
    displayLink = nil
  }

  /// A tick that changed nothing stops the display link: the strip
  /// follows the pager (`.following`) from every frame of a leader
  /// switch's blend, but once the blend is over it moves only with the
  /// pager's `scrollViewDidScroll`, and a display link left running would
  /// tick the album at 120 Hz while the user looks at a photo. The next
  /// delegate call that reports an animating phase starts it again.
  private func tick(_ link: CADisplayLink) {
    let before = album.linkOutput()
    let output = album.tick(at: link.targetTimestamp)
    apply(output)
    if output == before { stopTicking() }
  }

  // MARK: The app's delegate calls
  // (UIKit's delegate methods are optional Objective-C requirements, called
  // with `?`; the stand-in's are plain requirements with default bodies.)

  private func appDelegate(for view: UICollectionView) -> UICollectionViewDelegate? {
    view === pager ? pagerDelegate : view === strip ? stripDelegate : nil
  }

  public func collectionView(_ collectionView: UICollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool {
    #if canImport(UIKit)
      appDelegate(for: collectionView)?.collectionView?(collectionView, shouldSelectItemAt: indexPath) ?? true
    #else
      appDelegate(for: collectionView)?.collectionView(collectionView, shouldSelectItemAt: indexPath) ?? true
    #endif
  }

  public func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
    #if canImport(UIKit)
      appDelegate(for: collectionView)?.collectionView?(collectionView, didSelectItemAt: indexPath)
    #else
      appDelegate(for: collectionView)?.collectionView(collectionView, didSelectItemAt: indexPath)
    #endif
  }

  public func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath) {
    #if canImport(UIKit)
      appDelegate(for: collectionView)?.collectionView?(collectionView, didDeselectItemAt: indexPath)
    #else
      appDelegate(for: collectionView)?.collectionView(collectionView, didDeselectItemAt: indexPath)
    #endif
  }

  public func collectionView(
    _ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell, forItemAt indexPath: IndexPath
  ) {
    #if canImport(UIKit)
      appDelegate(for: collectionView)?.collectionView?(collectionView, willDisplay: cell, forItemAt: indexPath)
    #else
      appDelegate(for: collectionView)?.collectionView(collectionView, willDisplay: cell, forItemAt: indexPath)
    #endif
  }

  public func collectionView(
    _ collectionView: UICollectionView, didEndDisplaying cell: UICollectionViewCell, forItemAt indexPath: IndexPath
  ) {
    #if canImport(UIKit)
      appDelegate(for: collectionView)?.collectionView?(collectionView, didEndDisplaying: cell, forItemAt: indexPath)
    #else
      appDelegate(for: collectionView)?.collectionView(collectionView, didEndDisplaying: cell, forItemAt: indexPath)
    #endif
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

#if canImport(UIKit)
  /// A display link's target: `CADisplayLink` calls an Objective-C
  /// selector and keeps its target, which holds the tick weakly through
  /// the closure.
  @MainActor
  private final class DisplayLinkTarget: NSObject {
    let tick: @MainActor (CADisplayLink) -> Void
    init(_ tick: @escaping @MainActor (CADisplayLink) -> Void) { self.tick = tick }
    // The link fires on the main run loop it was added to.
    @objc func fire(_ link: CADisplayLink) { tick(link) }
  }

  @MainActor
  private func makeDisplayLink(_ tick: @escaping @MainActor (CADisplayLink) -> Void) -> CADisplayLink {
    let target = DisplayLinkTarget(tick)
    return CADisplayLink(target: target, selector: #selector(DisplayLinkTarget.fire(_:)))
  }
#else
  @MainActor
  private func makeDisplayLink(_ tick: @escaping @MainActor (CADisplayLink) -> Void) -> CADisplayLink {
    CADisplayLink(handler: tick)
  }
#endif
