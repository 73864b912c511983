import GestureScripting
import LayoutCore
import ScrollPhysics
import ScrollworkTestSupport
import Testing

@testable import Album

/// The album driven by real scroll views: a simulated album's offsets and
/// delegate events, replayed through the scroll-view API, give the same
/// follower offsets and strip states frame by frame.
@Suite struct AlbumScrollViewTests {
  /// Runs `script` on a simulated album and mirrors every touch, event and
  /// leader offset into a second album through the scroll-view API.
  struct Mirrored: GestureDriven {
    var simulated: AlbumCoordinator
    var driven: AlbumCoordinator
    var mismatches: [String] = []

    mutating func touchDown(_ target: String?, at time: Double) throws(ScriptError) {
      try simulated.touchDown(target, at: time)
      _ = driven.scrollViewDidTouchDown(target == "strip" ? .strip : .pager, at: time)
      mirror(at: time)
    }
    /// As `AlbumCoordinator.drag`, with the offset the finger gives read
    /// before the album adjusts it (what UIKit reports to the app).
    mutating func drag(_ target: String?, translation: Point, at time: Double) throws(ScriptError) {
      let role: AlbumCoordinator.Role = target == "strip" ? .strip : .pager
      simulated.accept(time)
      simulated.lead(role)
      if role == .pager {
        simulated.pagerSurface.drag(translation: Point(x: translation.x, y: 0), at: simulated.time)
      } else {
        simulated.stripSurface.drag(translation: Point(x: translation.x, y: 0), at: simulated.time)
      }
      let reported = role == .pager ? simulated.pagerSurface.contentOffset.x : simulated.stripSurface.contentOffset.x
      simulated.update()
      mirror(at: time, reported: reported)
    }
    mutating func release(_ target: String?, at time: Double) throws(ScriptError) {
      try simulated.release(target, at: time)
      mirror(at: time)
    }
    mutating func setContentOffset(
      _ target: String?, _ offset: Point, animated: Bool, at time: Double
    ) throws(ScriptError) {
      try simulated.setContentOffset(target, offset, animated: animated, at: time)
      mirror(at: time)
    }
    /// As `AlbumCoordinator.advance`, with the offset the scroll view's own
    /// deceleration gives read before the album adjusts it.
    mutating func advance(to time: Double) {
      simulated.accept(time)
      simulated.advanceSurfaces()
      let leader = simulated.leader
      let reported = leader == .pager ? simulated.pagerSurface.contentOffset.x : simulated.stripSurface.contentOffset.x
      simulated.update()
      mirror(at: time, reported: reported)
    }

    /// Feeds what UIKit would report: drag starts, the leader's offset, the
    /// ends of drags and decelerations; then a display-link tick.
    mutating func mirror(at time: Double, reported: Double? = nil) {
      let events = simulated.drainEvents()
      let leader = simulated.leader
      for (role, event) in events where event == .willBeginDragging {
        _ = driven.scrollViewWillBeginDragging(role, at: time)
      }
      let offset =
        reported ?? (leader == .pager ? simulated.pagerSurface.contentOffset.x : simulated.stripSurface.contentOffset.x)
      _ = driven.scrollViewDidScroll(leader, offset: offset, at: time)
      for (role, event) in events {
        switch event {
        case .didEndDragging(let decelerate):
          _ = driven.scrollViewDidEndDragging(role, willDecelerate: decelerate, at: time)
        case .didEndDecelerating, .didEndScrollingAnimation: _ = driven.scrollViewDidEndScrolling(role, at: time)
        default: break
        }
      }
      let out = driven.tick(at: time)
      let expected = simulated.frame(attributes: false)
      func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 1e-9 * Swift.max(1, abs(a), abs(b)) }
      let sameUnfolded =
        out.stripState.unfolded.count == expected.stripState.unfolded.count
        && zip(out.stripState.unfolded, expected.stripState.unfolded).allSatisfy {
          $0.index == $1.index && close($0.amount, $1.amount)
        }
      if !close(out.pagerOffset.x, expected.pagerOffset.x) || !close(out.stripOffset.x, expected.stripOffset.x)
        || !sameUnfolded || out.leader != expected.leader || out.accordion != expected.accordion
      {
        mismatches.append(
          "t=\(time): pager \(out.pagerOffset.x) vs \(expected.pagerOffset.x), strip \(out.stripOffset.x) vs \(expected.stripOffset.x), unfolded \(out.stripState.unfolded) vs \(expected.stripState.unfolded), \(out.accordion) vs \(expected.accordion)"
        )
      }
    }
  }

  @Test(arguments: [
    "pager drag -200 0.3; pager release; wait 1",
    "strip drag -120 0.4; strip release; wait 1",
    "strip drag -120 0.4; strip hold 0.3; strip release; wait 1",
    "strip drag -60 0.2; strip drag -400 0.1; strip release; wait 1.5; pager drag 300 0.2; pager release; wait 1",
    "pager drag -150 0.2; pager release; wait 0.1; strip drag 90 0.3; strip release; wait 0.2; pager drag -500 0.3; pager release; wait 1",
  ])
  func theScrollViewAPIMatchesTheSimulatedAlbum(_ script: String) throws {
    var rng = SplitMix64(seed: propertySeed(3))
    let photos = randomPhotos(30, &rng)
    let configuration = AlbumConfiguration.photosLab(
      stripHeight: 44, debug: false, followerOffset: .thumbnailCoordinate)
    let size = Size(width: 390, height: 644)
    let a = try AlbumCoordinator(photos: LayoutItems(photos), viewport: size, configuration: configuration, photo: 4)
    var mirrored = Mirrored(simulated: a, driven: a)
    try GestureScript(script).run(on: &mirrored, fps: 60) { _, _ in }
    #expect(mirrored.mismatches.isEmpty, "\(mirrored.mismatches.prefix(3))")
  }

  @Test func echoesAndBadOffsetsChangeNothing() throws {
    var rng = SplitMix64(seed: propertySeed(4))
    var album = try AlbumCoordinator(
      photos: LayoutItems(randomPhotos(10, &rng)), viewport: Size(width: 390, height: 644), photo: 2)
    let before = album.linkOutput()
    // The strip reports the offset the album gave it: an echo.
    #expect(album.scrollViewDidScroll(.strip, offset: before.stripOffset.x, at: 0.1) == before)
    #expect(album.scrollViewDidScroll(.pager, offset: .nan, at: 0.2) == before)
    // The pager moves half a page: the strip follows, the pager still leads.
    let moved = album.scrollViewDidScroll(.pager, offset: before.pagerOffset.x + 195, at: 0.3)
    #expect(moved.leader == .pager && moved.stripOffset != before.stripOffset)
  }
}
