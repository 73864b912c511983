import CX11
import LayoutCore
import Testing

@testable import Viewer

@Suite struct SmoothScrollTests {
  let axes = [
    SmoothScroll.Axis(device: 2, number: 2, vertical: false, increment: 120),
    SmoothScroll.Axis(device: 2, number: 3, vertical: true, increment: 120),
  ]

  @Test func theFirstReadingIsABaselineAndChangesAreNotches() {
    var scroll = SmoothScroll(axes: axes)
    #expect(scroll.notches(device: 2) { [2: 1000, 3: 500][$0] } == (0, 0))
    // A touchpad's fraction of a notch down, and a whole notch left.
    let n = scroll.notches(device: 2) { [2: 880, 3: 530][$0] }
    #expect(n.dx == -1)
    #expect(n.dy == 0.25)
    // An event carrying only the vertical valuator leaves x's baseline.
    #expect(scroll.notches(device: 2) { [3: 590][$0] } == (0, 0.5))
    #expect(scroll.notches(device: 2) { [2: 1000][$0] } == (1, 0))
  }

  @Test func otherDevicesResetsAndHostileReadingsScrollNothing() {
    var scroll = SmoothScroll(axes: axes)
    _ = scroll.notches(device: 2) { _ in 0 }
    #expect(scroll.notches(device: 9) { _ in 240 } == (0, 0))
    scroll.reset()
    #expect(scroll.notches(device: 2) { _ in 240 } == (0, 0), "a reset makes the next reading a baseline")
    #expect(scroll.notches(device: 2) { _ in .nan } == (0, 0))
    #expect(scroll.notches(device: 2) { _ in .infinity } == (0, 0))
    #expect(scroll.notches(device: 2) { _ in 360 } == (1, 1), "non-finite readings left the baseline")
    // A counter that wrapped or reset is a new baseline, not 10⁶ notches.
    #expect(scroll.notches(device: 2) { _ in 360 + 120 * 1e6 } == (0, 0))
    #expect(scroll.notches(device: 2) { _ in 360 + 120 * 1e6 + 60 } == (0.5, 0.5))
  }

  @Test func negativeIncrementsReverseAndUselessAxesAreDropped() {
    var scroll = SmoothScroll(axes: [
      SmoothScroll.Axis(device: 1, number: 0, vertical: true, increment: -15),
      SmoothScroll.Axis(device: 1, number: 1, vertical: false, increment: 0),
      SmoothScroll.Axis(device: 1, number: 2, vertical: false, increment: .nan),
    ])
    #expect(scroll.axes.count == 1)
    #expect(scroll.scrolls(1))
    #expect(!scroll.scrolls(2))
    _ = scroll.notches(device: 1) { _ in 0 }
    #expect(scroll.notches(device: 1) { _ in 30 } == (0, -2))
    scroll.replaceAxes([])
    #expect(!scroll.scrolls(1))
  }

  @Test func valuatorValuesAreFoundThroughTheMask() {
    // Valuators 0, 3 and 9 are set: values hold them in that order.
    var mask: [UInt8] = [0b0000_1001, 0b0000_0010]
    var values: [Double] = [10, 30, 90]
    mask.withUnsafeMutableBufferPointer { m in
      values.withUnsafeMutableBufferPointer { v in
        let state = sw_XIValuatorState(mask_len: 2, mask: m.baseAddress, values: v.baseAddress)
        #expect(XInput2.value(of: 0, in: state) == 10)
        #expect(XInput2.value(of: 3, in: state) == 30)
        #expect(XInput2.value(of: 9, in: state) == 90)
        #expect(XInput2.value(of: 1, in: state) == nil)
        #expect(XInput2.value(of: 16, in: state) == nil, "past the mask")
        #expect(XInput2.value(of: -1, in: state) == nil)
      }
    }
    #expect(XInput2.value(of: 0, in: sw_XIValuatorState(mask_len: 0, mask: nil, values: nil)) == nil)
  }

  @Test func smoothScrollMovesTheWheelsFingerByFractionsOfASteps() {
    var mapper = InputMapper(scale: 2)
    let vertical = [SurfaceRegion(rect: Rect(x: 0, y: 0, width: 390, height: 844), horizontal: false)]
    #expect(
      mapper.handle(.scroll(dx: 0, dy: 0.25, x: 20, y: 20), at: 0, regions: vertical) == [
        .touchDown(surface: 0, at: 0), .drag(surface: 0, translation: Point(x: 0, y: -10), at: 0),
      ])
    #expect(
      mapper.handle(.scroll(dx: -0.5, dy: 0.5, x: 20, y: 20), at: 0.01, regions: vertical) == [
        .drag(surface: 0, translation: Point(x: 20, y: -30), at: 0.01)
      ])
    #expect(mapper.handle(.scroll(dx: .nan, dy: 1, x: 20, y: 20), at: 0.02, regions: vertical).isEmpty)
    #expect(mapper.handle(.scroll(dx: 0, dy: 0, x: 20, y: 20), at: 0.02, regions: vertical).isEmpty)
    #expect(mapper.tick(at: 0.2) == [.release(surface: 0, at: 0.2)])
  }

  /// An XInput 2 device event as the server would send it.
  func event(
    _ evtype: Int32, device: Int32 = 2, detail: Int32 = 0, flags: Int32 = 0, x: Double = 10, y: Double = 20,
    mask: UnsafeMutablePointer<UInt8>? = nil, values: UnsafeMutablePointer<Double>? = nil
  ) -> sw_XIDeviceEvent {
    var e = sw_XIDeviceEvent()
    e.evtype = evtype
    e.deviceid = device
    e.sourceid = device
    e.detail = detail
    e.flags = flags
    e.event_x = x
    e.event_y = y
    e.valuators = sw_XIValuatorState(mask_len: mask == nil ? 0 : 1, mask: mask, values: values)
    return e
  }

  @Test func xinput2MotionCarriesTheSmoothScrollOfItsValuators() {
    var scroll = SmoothScroll(axes: axes)
    // Valuators 0, 1 (x, y) and 3 (vertical scroll) are set.
    var mask: [UInt8] = [0b0000_1011]
    var first: [Double] = [10, 20, 600]
    var second: [Double] = [11, 21, 660]
    mask.withUnsafeMutableBufferPointer { m in
      first.withUnsafeMutableBufferPointer { v in
        let e = event(Int32(sw_XI_Motion), x: 10.5, y: 20.25, mask: m.baseAddress, values: v.baseAddress)
        #expect(XInput2.events(evtype: e.evtype, e, scroll: &scroll) == [.motion(x: 10.5, y: 20.25)])
      }
      second.withUnsafeMutableBufferPointer { v in
        let e = event(Int32(sw_XI_Motion), x: 11, y: 21, mask: m.baseAddress, values: v.baseAddress)
        #expect(
          XInput2.events(evtype: e.evtype, e, scroll: &scroll) == [
            .motion(x: 11, y: 21), .scroll(dx: 0, dy: 0.5, x: 11, y: 21),
          ])
      }
    }
  }

  @Test func emulatedWheelButtonsAreDroppedOnlyForDevicesThatScrollSmoothly() {
    var scroll = SmoothScroll(axes: axes)
    let emulated = Int32(sw_XIPointerEmulated)
    let press = Int32(sw_XI_ButtonPress)
    #expect(XInput2.events(evtype: press, event(press, device: 2, detail: 5, flags: emulated), scroll: &scroll).isEmpty)
    #expect(
      XInput2.events(evtype: press, event(press, device: 7, detail: 5, flags: emulated), scroll: &scroll) == [
        .buttonDown(button: 5, x: 10, y: 20)
      ], "a device without scroll axes keeps its wheel buttons")
    #expect(
      XInput2.events(evtype: press, event(press, device: 2, detail: 5), scroll: &scroll) == [
        .buttonDown(button: 5, x: 10, y: 20)
      ], "a real wheel button (not emulated) is kept")
    #expect(
      XInput2.events(evtype: press, event(press, device: 2, detail: 1, flags: emulated), scroll: &scroll) == [
        .buttonDown(button: 1, x: 10, y: 20)
      ])
    let release = Int32(sw_XI_ButtonRelease)
    #expect(
      XInput2.events(evtype: release, event(release, device: 2, detail: 1), scroll: &scroll) == [
        .buttonUp(button: 1, x: 10, y: 20)
      ])
    #expect(XInput2.events(evtype: Int32(sw_XI_Enter), event(Int32(sw_XI_Enter)), scroll: &scroll).isEmpty)
  }
}
