import CRasterShim
import CX11
import Dispatch

#if canImport(Glibc)
  import Glibc
#endif

/// Why the viewer's window could not be opened or drawn.
public enum ViewerError: Error, CustomStringConvertible, Equatable {
  /// No X server: `DISPLAY` unset, or the server cannot be reached.
  case noDisplay(String)
  /// The screen's pixel format is not one the viewer writes.
  case unsupportedVisual(String)
  /// A size that cannot be a window (zero, negative or huge).
  case badSize(Int, Int)

  public var description: String {
    switch self {
    case .noDisplay(let name):
      name.isEmpty
        ? "cannot open a window: DISPLAY is not set (no X11 desktop; run under a desktop or Xvfb)"
        : "cannot open a window: the X11 display '\(name)' cannot be reached"
    case .unsupportedVisual(let what): "cannot open a window: the screen's pixel format is not supported (\(what))"
    case .badSize(let w, let h): "cannot open a window of \(w)x\(h) pixels"
    }
  }
}

/// A key the viewer distinguishes.
public enum ViewerKey: Hashable, Sendable {
  case tab
  case escape
  /// A printable key, lowercased ("q", "m", …).
  case character(Character)
  case other
}

/// One input event, in window pixels (origin top-left, y down).
public enum ViewerEvent: Hashable, Sendable {
  case key(ViewerKey)
  /// A button went down: 1 left, 2 middle, 3 right, 4/5 wheel up/down,
  /// 6/7 wheel left/right.
  case buttonDown(button: Int, x: Double, y: Double)
  case buttonUp(button: Int, x: Double, y: Double)
  case motion(x: Double, y: Double)
  /// Smooth scrolling (XInput 2): `dx`, `dy` in wheel notches (> 0 right
  /// and down, as buttons 7 and 5; fractions from touchpads and
  /// high-resolution wheels), with the pointer at `x`, `y`.
  case scroll(dx: Double, dy: Double, x: Double, y: Double)
  /// The window's size changed, in pixels.
  case resize(width: Int, height: Int)
  /// Part of the window was uncovered: its pixels must be drawn again.
  case expose
  /// The window manager asked the window to close.
  case close
}

/// An Xlib window showing RGBA frames: an MIT-SHM image when the server
/// shares memory with us (a local display), `XPutImage` otherwise.
///
/// Not thread-safe: one thread opens, polls and presents.
public final class X11Window {
  let display: OpaquePointer
  let window: Window
  let gc: GC
  let visual: UnsafeMutablePointer<Visual>
  let depth: Int32
  var deleteAtom: Atom
  /// The image frames are copied into (shared or client memory).
  var image: UnsafeMutablePointer<XImage>?
  var shmInfo = XShmSegmentInfo()
  /// Whether frames go through shared memory.
  public private(set) var usesSharedMemory = false
  /// The event type of MIT-SHM's completion events (-1 without shared
  /// memory).
  private var completionType: Int32 = -1
  /// A shared image handed to the server that it may not have read yet:
  /// the next `upload` waits for its completion event first.
  private var presentPending = false
  /// The window's size in pixels, as last configured.
  public private(set) var width: Int
  public private(set) var height: Int
  private var imageWidth = 0
  /// The last upload converted the whole image and it has not been put yet:
  /// the next show puts all of it.
  private var wholeImagePending = false
  private var imageHeight = 0
  /// Pointer input through XInput 2 (nil: core events).
  private var xinput: XInput2?
  private var smoothScroll = SmoothScroll()

  /// The screen's refresh rate in Hz as RandR reports it (libXrandr
  /// loaded at run time), or nil when it cannot tell.
  public private(set) var refreshRate: Double?

  /// Whether pointer events come through XInput 2 (smooth scrolling where
  /// a device has scroll axes) rather than core events.
  public var usesXInput2: Bool { xinput != nil }

  /// Opens a window of `width × height` pixels titled `title` on the
  /// display named by `DISPLAY`.
  ///
  /// - Throws: `ViewerError.noDisplay` when there is no reachable display,
  ///   `.unsupportedVisual` when the screen is not 24/32-bit TrueColor,
  ///   `.badSize` for a size outside 1...16384.
  public init(width: Int, height: Int, title: String) throws(ViewerError) {
    guard (1...16384).contains(width), (1...16384).contains(height) else { throw .badSize(width, height) }
    let name = getenv("DISPLAY").map { String(cString: $0) } ?? ""
    guard !name.isEmpty else { throw .noDisplay("") }
    guard let display = XOpenDisplay(nil) else { throw .noDisplay(name) }
    let screen = XDefaultScreen(display)
    let visual = XDefaultVisual(display, screen)!
    let depth = XDefaultDepth(display, screen)
    guard depth == 24 || depth == 32, visual.pointee.red_mask == 0xFF0000, visual.pointee.green_mask == 0xFF00,
      visual.pointee.blue_mask == 0xFF
    else {
      XCloseDisplay(display)
      throw .unsupportedVisual("depth \(depth)")
    }
    self.display = display
    self.visual = visual
    self.depth = depth
    self.width = width
    self.height = height
    let root = XRootWindow(display, screen)
    window = XCreateSimpleWindow(
      display, root, 0, 0, UInt32(width), UInt32(height), 0, XBlackPixel(display, screen), XBlackPixel(display, screen))
    XStoreName(display, window, title)
    // Pointer events through XInput 2 when the server and libXi have it
    // (smooth scroll deltas); core events otherwise, or when
    // SCROLLWORK_CORE_INPUT=1.
    let wantsXInput2 = getenv("SCROLLWORK_CORE_INPUT").map { String(cString: $0) != "1" } ?? true
    xinput = wantsXInput2 ? XInput2(display: display, window: window) : nil
    let pointerMask = xinput == nil ? ButtonPressMask | ButtonReleaseMask | PointerMotionMask : 0
    XSelectInput(display, window, Int(KeyPressMask | StructureNotifyMask | ExposureMask | pointerMask))
    if let xinput { smoothScroll = SmoothScroll(axes: xinput.scrollAxes()) }
    deleteAtom = XInternAtom(display, "WM_DELETE_WINDOW", 0)
    XSetWMProtocols(display, window, &deleteAtom, 1)
    refreshRate = Self.refreshRate(display: display, root: root)
    gc = XCreateGC(display, window, 0, nil)
    XMapWindow(display, window)
    XSync(display, 0)
    makeImage(width: width, height: height)
  }

  deinit {
    destroyImage()
    XFreeGC(display, gc)
    XDestroyWindow(display, window)
    XCloseDisplay(display)
  }

  /// The window's X id (for tools such as `xdotool`).
  public var windowID: UInt { UInt(window) }

  /// The events queued now, without waiting.
  ///
  /// - Complexity: O(events queued).
  public func pollEvents() -> [ViewerEvent] {
    var out: [ViewerEvent] = []
    var event = XEvent()
    while XPending(display) > 0 {
      XNextEvent(display, &event)
      switch event.type {
      case KeyPress:
        let sym = XLookupKeysym(&event.xkey, 0)
        out.append(.key(Self.key(for: UInt(sym))))
      case ButtonPress:
        out.append(
          .buttonDown(button: Int(event.xbutton.button), x: Double(event.xbutton.x), y: Double(event.xbutton.y)))
      case ButtonRelease:
        out.append(.buttonUp(button: Int(event.xbutton.button), x: Double(event.xbutton.x), y: Double(event.xbutton.y)))
      case MotionNotify:
        out.append(.motion(x: Double(event.xmotion.x), y: Double(event.xmotion.y)))
      case ConfigureNotify:
        let w = Int(event.xconfigure.width)
        let h = Int(event.xconfigure.height)
        if w != width || h != height {
          width = w
          height = h
          out.append(.resize(width: w, height: h))
        }
      case Expose, GraphicsExpose:
        // GraphicsExpose: part of a scroll's copy came from an obscured area.
        out.append(.expose)
      case ClientMessage:
        if UInt(event.xclient.data.l.0) == UInt(deleteAtom) { out.append(.close) }
      case GenericEvent:
        guard let xinput, event.xcookie.extension == xinput.opcode, XGetEventData(display, &event.xcookie) != 0
        else { break }
        if let data = event.xcookie.data {
          handleXInput2(evtype: event.xcookie.evtype, data: data, xinput: xinput, into: &out)
        }
        XFreeEventData(display, &event.xcookie)
      default:
        // The server has read the shared image `show` handed it.
        if event.type == completionType { presentPending = false }
      }
    }
    return out
  }

  /// Maps one XInput 2 pointer event: motion (and the smooth scroll its
  /// scroll valuators carry), buttons (wheel buttons the server emulates
  /// from smooth scrolling are dropped: the valuators already scrolled),
  /// and baselines reset when the pointer enters or a device changes.
  private func handleXInput2(
    evtype: Int32, data: UnsafeMutableRawPointer, xinput: XInput2, into out: inout [ViewerEvent]
  ) {
    switch evtype {
    case Int32(sw_XI_Motion), Int32(sw_XI_ButtonPress), Int32(sw_XI_ButtonRelease):
      let e = data.assumingMemoryBound(to: sw_XIDeviceEvent.self).pointee
      out += XInput2.events(evtype: evtype, e, scroll: &smoothScroll)
    case Int32(sw_XI_Enter):
      smoothScroll.reset()
    case Int32(sw_XI_DeviceChanged):
      // Any device's change (a keyboard's too) arrives here: the baselines
      // go only when the pointers' scroll axes really changed.
      let changed = SmoothScroll(axes: xinput.scrollAxes())
      if changed.axes != smoothScroll.axes { smoothScroll = changed }
    default:
      break
    }
  }

  /// The current refresh rate of the screen `root` belongs to, through
  /// RandR's screen configuration (`XRRConfigCurrentRate`), or nil when
  /// libXrandr or the extension is missing or it reports no rate.
  static func refreshRate(display: OpaquePointer, root: Window) -> Double? {
    guard
      let (_, symbols) = loadExtension(
        display: display, named: "RANDR", from: "libXrandr.so.2",
        symbols: ["XRRGetScreenInfo", "XRRConfigCurrentRate", "XRRFreeScreenConfigInfo"])
    else { return nil }
    let (getInfo, currentRate, freeInfo) = (symbols[0], symbols[1], symbols[2])
    typealias GetInfo = @convention(c) (OpaquePointer, Window) -> OpaquePointer?
    typealias CurrentRate = @convention(c) (OpaquePointer) -> Int16
    typealias FreeInfo = @convention(c) (OpaquePointer) -> Void
    guard let info = unsafeBitCast(getInfo, to: GetInfo.self)(display, root) else { return nil }
    defer { unsafeBitCast(freeInfo, to: FreeInfo.self)(info) }
    let rate = unsafeBitCast(currentRate, to: CurrentRate.self)(info)
    return rate > 0 ? Double(rate) : nil
  }

  /// The viewer's key for an X key symbol.
  static func key(for sym: UInt) -> ViewerKey {
    switch sym {
    case UInt(XK_Tab), UInt(XK_ISO_Left_Tab): return .tab
    case UInt(XK_Escape): return .escape
    case 0x20...0x7E: return .character(Character(Unicode.Scalar(UInt8(sym))).lowercased().first ?? " ")
    default: return .other
    }
  }

  /// Converts premultiplied RGBA pixels (`width × height`, rows top to
  /// bottom) into the window's image (the server's pixel format), ready
  /// for `show`, which puts them at the window's top-left corner (pixels
  /// outside the window are cut; a smaller frame leaves the rest as it
  /// was). Returns false, changing
  /// nothing, for a non-positive size or a buffer shorter than
  /// `width × height × 4` bytes.
  ///
  /// When the server may still be reading the image the last `show` handed
  /// it, this first waits until it has (its completion event, usually
  /// already queued by then: no round trip).
  ///
  /// - Complexity: O(width × height), on two cores for 256 rows or more.
  @discardableResult
  public func upload(rgba: UnsafeBufferPointer<UInt8>, width w: Int, height h: Int) -> Bool {
    guard w > 0, h > 0, w <= 16384, h <= 16384, rgba.count >= w * h * 4 else { return false }
    waitUntilShown()
    if w != imageWidth || h != imageHeight { makeImage(width: w, height: h) }
    guard let image, let data = image.pointee.data else { return false }
    let bytesPerLine = Int(image.pointee.bytes_per_line)
    guard let source = rgba.baseAddress else { return false }
    let rows = RowCopy(source: source, target: UnsafeMutableRawPointer(data), width: w, bytesPerLine: bytesPerLine)
    // Two bands: the conversion is memory-bound, one per core is enough.
    let bands = h >= 256 ? 2 : 1
    DispatchQueue.concurrentPerform(iterations: bands) { band in
      for y in (h * band / bands)..<(h * (band + 1) / bands) { rows.convert(row: y) }
    }
    wholeImagePending = true
    return true
  }

  /// Converts only rows `rows` of a frame into the image `show(rows:moving:)`
  /// puts: for a frame whose other rows are on screen already (moved there
  /// by `show`'s copy, or unchanged). When the image does not have this
  /// size yet, every row is converted and the next `show` puts it all.
  /// Returns false, changing nothing, for what `upload(rgba:width:height:)`
  /// refuses.
  ///
  /// - Complexity: O(width × rows).
  @discardableResult
  public func upload(rgba: UnsafeBufferPointer<UInt8>, width w: Int, height h: Int, rows: [Range<Int>]) -> Bool {
    guard w == imageWidth, h == imageHeight, image != nil, !wholeImagePending else {
      return upload(rgba: rgba, width: w, height: h)
    }
    guard w > 0, h > 0, rgba.count >= w * h * 4, let image, let data = image.pointee.data,
      let source = rgba.baseAddress
    else { return false }
    waitUntilShown()
    let copy = RowCopy(
      source: source, target: UnsafeMutableRawPointer(data), width: w, bytesPerLine: Int(image.pointee.bytes_per_line))
    for band in rows {
      for y in Swift.max(0, band.lowerBound)..<Swift.max(0, Swift.min(h, band.upperBound)) { copy.convert(row: y) }
    }
    return true
  }

  /// Shows a frame uploaded by `upload(rgba:width:height:rows:)`: first
  /// moves the window's own pixels as `moving` says (the rectangle `rect`,
  /// in pixels, by `dx`, `dy`: a scroll, copied by the server), then puts
  /// rows `rows` of the image. After a whole-image upload it puts the
  /// whole image, as `show()` does.
  ///
  /// - Complexity: O(1) here; O(pixels moved and put) in the server.
  public func show(rows: [Range<Int>], moving: (rect: (x: Int, y: Int, width: Int, height: Int), dx: Int, dy: Int)?) {
    guard let image else { return }
    if wholeImagePending { return show() }
    if let moving {
      let r = moving.rect
      let sx = Swift.max(r.x, r.x - moving.dx)
      let sy = Swift.max(r.y, r.y - moving.dy)
      let w = Swift.min(r.x + r.width, r.x + r.width - moving.dx) - sx
      let h = Swift.min(r.y + r.height, r.y + r.height - moving.dy) - sy
      if w > 0, h > 0 {
        XCopyArea(
          display, window, window, gc, Int32(sx), Int32(sy), UInt32(w), UInt32(h), Int32(sx + moving.dx),
          Int32(sy + moving.dy))
      }
    }
    for band in rows {
      let y0 = Swift.max(0, band.lowerBound)
      let y1 = Swift.min(imageHeight, band.upperBound)
      guard y0 < y1 else { continue }
      if usesSharedMemory {
        XShmPutImage(display, window, gc, image, 0, Int32(y0), 0, Int32(y0), UInt32(imageWidth), UInt32(y1 - y0), 1)
        presentPending = true
      } else {
        XPutImage(display, window, gc, image, 0, Int32(y0), 0, Int32(y0), UInt32(imageWidth), UInt32(y1 - y0))
      }
    }
    XFlush(display)
  }

  /// Puts the uploaded image in the window. Does nothing before the first
  /// successful `upload`.
  ///
  /// The request is sent, not waited for: the server copies a shared
  /// image while the caller goes on to its next frame, and tells us with
  /// a completion event when it is done; the next `upload` (which
  /// overwrites the image) or a resize waits for that event, not this
  /// call. A client-memory image is copied into the request, so it is
  /// free at once.
  ///
  /// - Complexity: O(1) here; O(width × height) in the server (a copy).
  public func show() {
    guard let image else { return }
    let w = UInt32(imageWidth)
    let h = UInt32(imageHeight)
    if usesSharedMemory {
      XShmPutImage(display, window, gc, image, 0, 0, 0, 0, w, h, 1)
      presentPending = true
    } else {
      XPutImage(display, window, gc, image, 0, 0, 0, 0, w, h)
    }
    wholeImagePending = false
    XFlush(display)
  }

  /// Waits until the server has read the shared image the last `show`
  /// handed it: its completion event if already queued, else a round trip
  /// (after which the server has handled the request, its event queued).
  private func waitUntilShown() {
    guard presentPending else { return }
    presentPending = false
    var event = XEvent()
    if XCheckTypedEvent(display, completionType, &event) != 0 { return }
    XSync(display, 0)
    _ = XCheckTypedEvent(display, completionType, &event)
  }

  /// Asks for a new window size in pixels (a window manager may refuse);
  /// a `.resize` event follows when it changes.
  public func resize(width w: Int, height h: Int) {
    guard (1...16384).contains(w), (1...16384).contains(h) else { return }
    XResizeWindow(display, window, UInt32(w), UInt32(h))
    XFlush(display)
  }

  /// Sets the window's title (what a window manager shows; scripts find
  /// the window by it).
  public func setTitle(_ title: String) {
    XStoreName(display, window, title)
    XFlush(display)
  }

  /// Flushes requests (for a caller about to exit).
  public func flush() { XFlush(display) }

  private func makeImage(width w: Int, height h: Int) {
    destroyImage()
    imageWidth = w
    imageHeight = h
    if XShmQueryExtension(display) != 0, let shared = makeSharedImage(width: w, height: h) {
      image = shared
      usesSharedMemory = true
      completionType = XShmGetEventBase(display) + ShmCompletion
      return
    }
    usesSharedMemory = false
    let bytes = w * h * 4
    guard let data = malloc(bytes) else { return }
    // XDestroyImage frees `data`.
    image = XCreateImage(
      display, visual, UInt32(depth), ZPixmap, 0, data.assumingMemoryBound(to: CChar.self), UInt32(w), UInt32(h), 32,
      Int32(w * 4))
    if image == nil { free(data) }
  }

  private func makeSharedImage(width w: Int, height h: Int) -> UnsafeMutablePointer<XImage>? {
    shmInfo = XShmSegmentInfo()
    guard let image = XShmCreateImage(display, visual, UInt32(depth), ZPixmap, nil, &shmInfo, UInt32(w), UInt32(h))
    else { return nil }
    let bytes = Int(image.pointee.bytes_per_line) * h
    let id = shmget(IPC_PRIVATE, bytes, IPC_CREAT | 0o600)
    guard id >= 0, let address = shmat(id, nil, 0), address != UnsafeMutableRawPointer(bitPattern: -1) else {
      if id >= 0 { shmctl(id, IPC_RMID, nil) }
      destroy(image)
      return nil
    }
    shmInfo.shmid = id
    shmInfo.shmaddr = address.assumingMemoryBound(to: CChar.self)
    shmInfo.readOnly = 0
    image.pointee.data = shmInfo.shmaddr
    // A remote server cannot attach: catch the error instead of exiting.
    X11Errors.count = 0
    let previous = XSetErrorHandler { _, _ in
      X11Errors.count += 1
      return 0
    }
    let attached = XShmAttach(display, &shmInfo) != 0
    XSync(display, 0)
    XSetErrorHandler(previous)
    // Marked for removal now: it goes when both sides detach (or we exit).
    shmctl(id, IPC_RMID, nil)
    guard attached, X11Errors.count == 0 else {
      shmdt(address)
      image.pointee.data = nil
      destroy(image)
      shmInfo = XShmSegmentInfo()
      return nil
    }
    return image
  }

  private func destroyImage() {
    guard let image else { return }
    waitUntilShown()
    if usesSharedMemory {
      XShmDetach(display, &shmInfo)
      XSync(display, 0)
      shmdt(shmInfo.shmaddr)
      image.pointee.data = nil
    }
    destroy(image)
    self.image = nil
  }
}

/// `XDestroyImage` is a C macro: the image's own destroy function.
private func destroy(_ image: UnsafeMutablePointer<XImage>) {
  _ = image.pointee.f.destroy_image(image)
}

/// Converts rows of an RGBA frame into an X image (each row written by one
/// worker only).
private struct RowCopy: @unchecked Sendable {
  var source: UnsafePointer<UInt8>
  var target: UnsafeMutableRawPointer
  var width: Int
  var bytesPerLine: Int

  func convert(row y: Int) {
    sw_rgba_to_bgrx(
      source + y * width * 4, (target + y * bytesPerLine).assumingMemoryBound(to: UInt8.self), width)
  }
}

/// Errors the X server reported while a handler was installed.
enum X11Errors {
  nonisolated(unsafe) static var count = 0
}
