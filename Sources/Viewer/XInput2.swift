import CX11

#if canImport(Glibc)
  import Glibc
#endif

/// XInput 2.1 for the viewer's window, loaded at run time from
/// `libXi.so.6` (no build-time dependency): pointer motion and buttons of
/// the master pointers, with the scroll valuators of smooth-scrolling
/// devices.
///
/// `init` returns nil (the window then uses core events) when the library
/// is missing, the server has no XInputExtension, or it is older than 2.1.
final class XInput2 {
  /// The extension's major opcode (`XGenericEventCookie.extension`).
  let opcode: Int32
  private let display: OpaquePointer
  private let queryDevice: sw_XIQueryDevice_fn
  private let freeDeviceInfo: sw_XIFreeDeviceInfo_fn

  init?(display: OpaquePointer, window: Window) {
    guard
      let (opcode, symbols) = loadExtension(
        display: display, named: "XInputExtension", from: "libXi.so.6",
        symbols: ["XIQueryVersion", "XISelectEvents", "XIQueryDevice", "XIFreeDeviceInfo"])
    else { return nil }
    let (version, select, query, free) = (symbols[0], symbols[1], symbols[2], symbols[3])
    // The library stays loaded for the process (Xlib keeps its hooks).
    var major: Int32 = 2
    var minor: Int32 = 1
    let queryVersion = unsafeBitCast(version, to: sw_XIQueryVersion_fn.self)
    guard queryVersion(display, &major, &minor) == Success, major > 2 || (major == 2 && minor >= 1) else {
      return nil
    }
    // Motion, buttons, enter, device changes: bits 1, 4–7 of the mask.
    var bits = [UInt8](repeating: 0, count: 1)
    for event in [sw_XI_DeviceChanged, sw_XI_ButtonPress, sw_XI_ButtonRelease, sw_XI_Motion, sw_XI_Enter] {
      bits[0] |= UInt8(1 << event)
    }
    let selectEvents = unsafeBitCast(select, to: sw_XISelectEvents_fn.self)
    let status = bits.withUnsafeMutableBufferPointer { buffer in
      var mask = sw_XIEventMask(
        deviceid: Int32(sw_XIAllMasterDevices), mask_len: Int32(buffer.count), mask: buffer.baseAddress)
      return selectEvents(display, window, &mask, 1)
    }
    guard status == Success else { return nil }
    self.opcode = opcode
    self.display = display
    queryDevice = unsafeBitCast(query, to: sw_XIQueryDevice_fn.self)
    freeDeviceInfo = unsafeBitCast(free, to: sw_XIFreeDeviceInfo_fn.self)
  }

  /// The scroll axes of the master pointers (none under Xvfb, whose
  /// pointers have only buttons and x/y).
  ///
  /// - Complexity: O(devices × classes).
  func scrollAxes() -> [SmoothScroll.Axis] {
    var count: Int32 = 0
    guard let devices = queryDevice(display, Int32(sw_XIAllMasterDevices), &count) else { return [] }
    defer { freeDeviceInfo(devices) }
    var axes: [SmoothScroll.Axis] = []
    for d in 0..<Int(max(0, count)) {
      let device = devices[d]
      guard device.use == Int32(sw_XIMasterPointer), let classes = device.classes else { continue }
      for c in 0..<Int(max(0, device.num_classes)) {
        guard let any = classes[c], any.pointee.type == Int32(sw_XIScrollClass) else { continue }
        let scroll = UnsafeRawPointer(any).assumingMemoryBound(to: sw_XIScrollClassInfo.self).pointee
        guard
          scroll.scroll_type == Int32(sw_XIScrollTypeVertical)
            || scroll.scroll_type == Int32(sw_XIScrollTypeHorizontal)
        else { continue }
        axes.append(
          SmoothScroll.Axis(
            device: Int(device.deviceid), number: Int(scroll.number),
            vertical: scroll.scroll_type == Int32(sw_XIScrollTypeVertical), increment: scroll.increment))
      }
    }
    return axes
  }

  /// The viewer's events for one XInput 2 pointer event (`evtype`
  /// `XI_Motion`, `XI_ButtonPress` or `XI_ButtonRelease`; others give
  /// none): motion, and the smooth scroll its scroll valuators carry
  /// (`scroll` keeps the baselines); buttons, except the wheel buttons the
  /// server emulates for a device that has scroll axes (its valuators
  /// already scrolled). Positions are the event's, in window pixels.
  ///
  /// - Complexity: O(scroll axes + valuators).
  static func events(evtype: Int32, _ e: sw_XIDeviceEvent, scroll: inout SmoothScroll) -> [ViewerEvent] {
    switch evtype {
    case Int32(sw_XI_Motion):
      var out: [ViewerEvent] = [.motion(x: e.event_x, y: e.event_y)]
      let valuators = e.valuators
      let n = scroll.notches(device: Int(e.deviceid)) { value(of: $0, in: valuators) }
      if n.dx != 0 || n.dy != 0 { out.append(.scroll(dx: n.dx, dy: n.dy, x: e.event_x, y: e.event_y)) }
      return out
    case Int32(sw_XI_ButtonPress), Int32(sw_XI_ButtonRelease):
      let button = Int(e.detail)
      let emulated = e.flags & Int32(sw_XIPointerEmulated) != 0
      if emulated && (4...7).contains(button) && scroll.scrolls(Int(e.deviceid)) { return [] }
      return [
        evtype == Int32(sw_XI_ButtonPress)
          ? .buttonDown(button: button, x: e.event_x, y: e.event_y)
          : .buttonUp(button: button, x: e.event_x, y: e.event_y)
      ]
    default:
      return []
    }
  }

  /// The value of valuator `number` in an event's valuator state, or nil
  /// when the event does not carry it. The values array holds only the
  /// valuators whose bit is set, in order.
  static func value(of number: Int, in state: sw_XIValuatorState) -> Double? {
    guard number >= 0, number < Int(state.mask_len) * 8, let mask = state.mask, let values = state.values else {
      return nil
    }
    func isSet(_ i: Int) -> Bool { mask[i / 8] & UInt8(1 << (i % 8)) != 0 }
    guard isSet(number) else { return nil }
    var index = 0
    for i in 0..<number where isSet(i) { index += 1 }
    return values[index]
  }
}

/// The major opcode of the X extension `name` on `display` and the
/// addresses of `symbols` in `library` (loaded with `dlopen`, never
/// unloaded), or nil when the server lacks the extension or the library or
/// a symbol is missing.
func loadExtension(
  display: OpaquePointer, named name: String, from library: String, symbols: [String]
) -> (opcode: Int32, symbols: [UnsafeMutableRawPointer])? {
  var opcode: Int32 = 0
  var firstEvent: Int32 = 0
  var firstError: Int32 = 0
  guard XQueryExtension(display, name, &opcode, &firstEvent, &firstError) != 0,
    let handle = dlopen(library, RTLD_NOW | RTLD_LOCAL)
  else { return nil }
  var found: [UnsafeMutableRawPointer] = []
  for symbol in symbols {
    guard let address = dlsym(handle, symbol) else { return nil }
    found.append(address)
  }
  return (opcode, found)
}
