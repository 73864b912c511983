import CPNG
import CRasterShim
import Foundation

/// What a photo's header says, read without decoding its pixels.
public struct ImageInfo: Hashable, Sendable {
  public var format: ImageFormat
  /// The size as stored in the file.
  public var storedSize: PixelSize
  /// The EXIF orientation (1...8); always 1 for PNG.
  public var orientation: Int
  /// The size once upright (width and height swap for orientations 5...8).
  public var size: PixelSize { orientation >= 5 ? storedSize.transposed : storedSize }
}

/// Decodes JPEG (libjpeg-turbo), PNG (libpng), and HEIF/HEIC and WebP
/// where the system has libheif and libwebp (loaded at run time: without
/// them these files throw `.unsupported` naming the library), into upright
/// premultiplied RGBA, optionally at a reduced size.
///
/// ```swift
/// let decoder = ImageDecoder()
/// let thumb = try decoder.decode(bytes, atLeast: PixelSize(width: 200, height: 150))
/// ```
///
/// Bad input throws a `DecodeError`: zero-byte files, other formats,
/// truncated or corrupt data, images whose declared size is above
/// `maximumPixels` (checked from the header, before anything is
/// allocated), and decodes whose working memory would pass
/// `maximumDecodeBytes`. Within the limits, a decompression bomb costs
/// what its size on screen costs: every format is decoded to about the
/// size asked for, never whole where the decoder allows it (see
/// `worstCaseBytes(format:storedSize:orientation:atLeast:)`). libjpeg's longjmp error handling
/// stays inside the C shim; libpng's simplified API does the same inside
/// libpng.
public struct ImageDecoder: Sendable {
  /// The largest declared width × height accepted (default 100 megapixels).
  public var maximumPixels: Int
  /// The largest file read (default 256 MiB).
  public var maximumFileBytes: Int
  /// The most working memory one decode may take beside its result, in
  /// bytes (default 256 MiB; at least 1 MiB; never more than `budget`
  /// holds): images are decoded at about
  /// the size asked for (JPEG in the DCT, PNG
  /// row by row into boxes, WebP scaled by libwebp as it decodes), so
  /// this binds only where a decoder must hold the whole image: a
  /// progressive JPEG's coefficients (about 2 bytes per pixel and
  /// component) and libheif's whole-image decode (about 5.5 bytes per
  /// pixel). Above it the decode throws `.overBudget` (JPEG: as soon as
  /// libjpeg knows; HEIF: from the header, before decoding).
  public var maximumDecodeBytes: Int
  /// The working memory this decoder shares with every other (default
  /// `DecodeBudget.shared`): a decode that needs more than
  /// `DecodeBudget.unreservedBytes` reserves it there and waits while
  /// other decodes hold it, so all decoders together stay bounded.
  public var budget: DecodeBudget

  /// The default `maximumDecodeBytes`.
  public static let defaultDecodeBytes = 256 << 20

  public init(
    maximumPixels: Int = ImageLimits.maximumPixels, maximumFileBytes: Int = ImageLimits.maximumFileBytes,
    maximumDecodeBytes: Int = ImageDecoder.defaultDecodeBytes, budget: DecodeBudget = .shared
  ) {
    self.maximumPixels = Swift.max(1, maximumPixels)
    self.maximumFileBytes = Swift.max(1, maximumFileBytes)
    self.budget = budget
    self.maximumDecodeBytes = Swift.min(Swift.max(1 << 20, maximumDecodeBytes), budget.totalBytes)
  }

  /// How one decode of an image of this format and stored size to at least
  /// `minimum` (upright; `nil` for full size) goes: the size it is
  /// decoded at and what that costs.
  public struct Plan: Sendable {
    /// The result's stored size straight out of the C decoder.
    public var decoded: PixelSize
    /// JPEG: the DCT scale denominator (1, 2, 4, 8); PNG, HEIF: the box
    /// side's power of two.
    public var step: Int
    /// Bytes in proportion to the decoded size (the C buffer, the Swift
    /// copies, box sums): what the caller asked for.
    public var output: Int
    /// Bytes the decoder itself certainly takes on top (row buffers; the
    /// whole image libheif holds).
    public var work: Int
    /// Bytes it may take on top (a progressive JPEG's coefficients: not
    /// known from the size alone).
    public var possible: Int
  }

  /// The plan for a decode (see `Plan`); O(log size).
  func plan(format: ImageFormat, stored: PixelSize, orientation: Int, minimum: PixelSize?) -> Plan {
    let w = Swift.max(1, stored.width)
    let h = Swift.max(1, stored.height)
    let need = minimum.map { orientation >= 5 ? $0.transposed : $0 }
    func halvings(_ w: Int, _ h: Int) -> Int {
      guard let need else { return 0 }
      var (w, h, k) = (w, h, 0)
      while w / 2 >= Swift.max(1, need.width), h / 2 >= Swift.max(1, need.height), w > 1 || h > 1 {
        w = (w + 1) / 2
        h = (h + 1) / 2
        k += 1
      }
      return k
    }
    // Every result is copied twice on the Swift side (an array, then its
    // premultiplied or oriented copy) beside the C buffer.
    func area(_ s: PixelSize) -> Int { s.width * s.height }
    switch format {
    case .jpeg:
      var denom = 1
      if let need {
        while denom < 8, w / (denom * 2) >= need.width, h / (denom * 2) >= need.height { denom *= 2 }
      }
      let out = PixelSize(width: (w + denom - 1) / denom, height: (h + denom - 1) / denom)
      // libjpeg's row buffers: a few rows of 16 lines at the scaled width.
      return Plan(decoded: out, step: denom, output: area(out) * 12, work: out.width * 4 * 64, possible: w * h * 6)
    case .png:
      let k = Swift.min(12, halvings(w, h))
      let out = PixelSize(width: (w + (1 << k) - 1) >> k, height: (h + (1 << k) - 1) >> k)
      // One row of the image, the box sums (all of them when interlaced).
      return Plan(decoded: out, step: k, output: area(out) * 28, work: w * 4, possible: 0)
    case .webp:
      let k = halvings(w, h)
      let out = PixelSize(width: (w + (1 << k) - 1) >> k, height: (h + (1 << k) - 1) >> k)
      // libwebp's rescaler and a lossless image's cache of 16 rows.
      return Plan(decoded: out, step: k, output: area(out) * 12, work: w * 4 * 24, possible: 0)
    case .heif:
      let k = Swift.min(12, halvings(w, h))
      let out = PixelSize(width: (w + (1 << k) - 1) >> k, height: (h + (1 << k) - 1) >> k)
      // libheif: YUV 4:2:0 and RGBA of the whole image.
      return Plan(decoded: out, step: k, output: area(out) * 12, work: w * h * 11 / 2, possible: 0)
    }
  }

  /// Throws `.overBudget` when a decode of this header is sure to need more
  /// working memory than `maximumDecodeBytes` (a HEIF, which libheif
  /// decodes whole), before anything is read or allocated.
  ///
  /// - Complexity: O(log size).
  @discardableResult
  public func checkBudget(
    format: ImageFormat, storedSize: PixelSize, orientation: Int = 1, atLeast minimum: PixelSize?
  )
    throws(DecodeError) -> Plan
  {
    let plan = plan(format: format, stored: storedSize, orientation: orientation, minimum: minimum)
    guard plan.work <= maximumDecodeBytes else { throw .overBudget(needed: plan.work, limit: maximumDecodeBytes) }
    return plan
  }

  /// The most memory, in bytes, one decode of an image with this header to
  /// at least `minimum` (upright; `nil`: full size) may take: the result
  /// at the size decoded (at most twice `minimum` a side, with its copies)
  /// plus the decoder's own working memory, which never goes above
  /// `maximumDecodeBytes` (a decode that would need more is refused,
  /// costing next to nothing). What a loader running several decoders at
  /// once budgets with. A JPEG counts as progressive (its coefficients may
  /// be held whole), so the figure is an upper bound, not an estimate.
  ///
  /// - Complexity: O(log size). Bad input (zero or negative sizes) counts as
  ///   one pixel.
  public func worstCaseBytes(
    format: ImageFormat, storedSize: PixelSize, orientation: Int = 1, atLeast minimum: PixelSize?
  )
    -> Int
  {
    let p = plan(format: format, stored: storedSize, orientation: orientation, minimum: minimum)
    return p.output + Swift.min(maximumDecodeBytes, p.work + p.possible)
  }

  /// Reads a whole file, which must be a regular file (see
  /// `RegularFile.read(_:limit:)`: a FIFO or device is never opened for a
  /// blocking read).
  ///
  /// - Complexity: O(file size).
  /// - Throws: `.unreadable` naming what the path is (missing, a folder, a
  ///   FIFO, a device, a symbolic link loop or dangling link, no
  ///   permission, above `maximumFileBytes`), or `.empty`.
  public func read(file path: String) throws(DecodeError) -> [UInt8] {
    let bytes: [UInt8]
    do throws(FileReadError) {
      bytes = try RegularFile.read(path, limit: maximumFileBytes)
    } catch {
      throw .unreadable(error.description)
    }
    if bytes.isEmpty { throw .empty }
    return bytes
  }

  /// Reads the header of an image in memory.
  ///
  /// - Throws: `.empty`, `.notAnImage`, `.truncated`, `.corrupt`.
  public func info(_ bytes: [UInt8]) throws(DecodeError) -> ImageInfo {
    guard !bytes.isEmpty else { throw .empty }
    switch ImageFormat.sniff(bytes) {
    case .jpeg:
      var w: Int32 = 0
      var h: Int32 = 0
      var message = [CChar](repeating: 0, count: 256)
      let code = bytes.withUnsafeBufferPointer { b in
        sw_jpeg_read_header(b.baseAddress, b.count, &w, &h, &message, message.count)
      }
      try check(code, message)
      return ImageInfo(
        format: .jpeg, storedSize: PixelSize(width: Int(w), height: Int(h)), orientation: exifOrientation(ofJPEG: bytes)
      )
    case .png:
      var image = png_image()
      image.version = UInt32(PNG_IMAGE_VERSION)
      let ok = bytes.withUnsafeBufferPointer { b in png_image_begin_read_from_memory(&image, b.baseAddress, b.count) }
      defer { png_image_free(&image) }
      guard ok != 0 else { throw pngError(image, bytes) }
      return ImageInfo(
        format: .png, storedSize: PixelSize(width: Int(image.width), height: Int(image.height)), orientation: 1)
    case .webp, .heif:
      guard let header = try ImageHeader.parse(bytes) else { throw .truncated("the file ends before the image size") }
      return ImageInfo(format: header.format, storedSize: header.storedSize, orientation: header.orientation)
    case nil:
      throw .notAnImage
    }
  }

  /// Decodes an image in memory, upright.
  ///
  /// - Parameter minimum: when given, the result may be smaller than the
  ///   image but is never smaller than this (each side, once upright):
  ///   JPEG decodes at 1/2, 1/4 or 1/8 scale in the DCT, then both formats
  ///   halve with a 2×2 box filter while the result stays at least this
  ///   big. `nil` decodes at full size.
  /// - Throws: `DecodeError`.
  /// - Complexity: O(pixels in the file).
  public func decode(_ bytes: [UInt8], atLeast minimum: PixelSize? = nil) throws(DecodeError) -> RGBAImage {
    let info = try info(bytes)
    let stored = info.storedSize
    guard stored.width > 0, stored.height > 0 else { throw .corrupt("zero width or height") }
    guard stored.width <= maximumPixels / stored.height else { throw .tooLarge(stored, limit: maximumPixels) }
    // The minimum in stored (unrotated) orientation.
    let need = minimum.map { info.orientation >= 5 ? $0.transposed : $0 }
    let plan = try checkBudget(
      format: info.format, storedSize: stored, orientation: info.orientation, atLeast: minimum)
    var image: RGBAImage
    if info.format == .jpeg {
      image = try decodeJPEG(bytes, scaleDenominator: plan.step)
    } else if plan.work > DecodeBudget.unreservedBytes {
      // libheif's whole image, a very wide row: held while others wait.
      image = try budget.withReservation(plan.work) { () throws(DecodeError) in
        try decode(bytes, info: info, plan: plan, need: need)
      }
    } else {
      image = try decode(bytes, info: info, plan: plan, need: need)
    }
    if let need {
      while image.width / 2 >= Swift.max(1, need.width), image.height / 2 >= Swift.max(1, need.height) {
        image = image.halved()
      }
    }
    return image.oriented(info.orientation)
  }

  /// Decodes a PNG, WebP or HEIF as `plan` says (no halving, no orientation).
  private func decode(
    _ bytes: [UInt8], info: ImageInfo, plan: Plan, need: PixelSize?
  ) throws(DecodeError)
    -> RGBAImage
  {
    var image: RGBAImage
    switch info.format {
    case .jpeg:
      image = try decodeJPEG(bytes, scaleDenominator: plan.step)
    case .png:
      image = try decodePNG(bytes, shift: plan.step)
    case .webp:
      if let frame = Self.firstWebPFrame(bytes) {
        image = try decodeWebPFrame(frame, step: plan.step, decoded: plan.decoded)
      } else {
        let target = plan.decoded
        image = try decodeExternal(bytes) { data, count, pixels, w, h, message, size in
          sw_webp_decode_scaled(
            data, count, Int64(maximumPixels), Int32(target.width), Int32(target.height), pixels, w, h, message, size)
        }
      }
    case .heif:
      let shown = need ?? PixelSize(width: 0, height: 0)
      image = try decodeExternal(bytes) { data, count, pixels, w, h, message, size in
        sw_heif_decode_scaled(
          data, count, Int32(clamping: shown.width), Int32(clamping: shown.height), Int64(maximumPixels),
          Int32(plan.step), pixels, w, h, message, size)
      }
    }
    return image
  }

  /// Reads and decodes a file (see `decode(_:atLeast:)`).
  public func decode(file path: String, atLeast minimum: PixelSize? = nil) throws(DecodeError) -> RGBAImage {
    try decode(read(file: path), atLeast: minimum)
  }

  /// The first frame of an animated WebP (`ANIM` and `ANMF` chunks, which
  /// libwebp's simple decoder refuses) as a still WebP of its own, with
  /// where it lies on the canvas; `nil` for a still WebP or when the
  /// chunks are malformed (the still decoder then names the problem).
  ///
  /// - Complexity: O(chunks before the first frame).
  static func firstWebPFrame(_ b: [UInt8]) -> (webp: [UInt8], canvas: PixelSize, x: Int, y: Int, size: PixelSize)? {
    func le(_ at: Int, _ n: Int) -> Int {
      var v = 0
      for k in stride(from: n - 1, through: 0, by: -1) { v = v << 8 | Int(b[at + k]) }
      return v
    }
    var canvas: PixelSize?
    var i = 12
    while i + 8 <= b.count {
      let tag = String(decoding: b[i..<(i + 4)], as: UTF8.self)
      let length = le(i + 4, 4)
      let data = i + 8
      guard length >= 0, data + length <= b.count else { return nil }
      if tag == "VP8X", length >= 10 {
        canvas = PixelSize(width: le(data + 4, 3) + 1, height: le(data + 7, 3) + 1)
      } else if tag == "ANMF", length >= 16, let canvas {
        let x = le(data, 3) * 2
        let y = le(data + 3, 3) * 2
        let size = PixelSize(width: le(data + 6, 3) + 1, height: le(data + 9, 3) + 1)
        // The frame's own chunks (ALPH, VP8 or VP8L), as a still WebP.
        let chunks = Array(b[(data + 16)..<(data + length)])
        let hasAlpha = chunks.count >= 4 && chunks[0..<4].elementsEqual(Array("ALPH".utf8))
        var body: [UInt8] = Array("WEBP".utf8)
        func le32(_ v: Int) -> [UInt8] {
          [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 24 & 0xFF)]
        }
        if hasAlpha {
          let w = size.width - 1
          let h = size.height - 1
          body += Array("VP8X".utf8) + le32(10) + [0x10, 0, 0, 0]
          body += [UInt8(w & 0xFF), UInt8(w >> 8 & 0xFF), UInt8(w >> 16 & 0xFF)]
          body += [UInt8(h & 0xFF), UInt8(h >> 8 & 0xFF), UInt8(h >> 16 & 0xFF)]
        }
        body += chunks
        return (Array("RIFF".utf8) + le32(body.count) + body, canvas, x, y, size)
      }
      i = data + length + (length & 1)
    }
    return nil
  }

  /// An animated WebP's first frame, scaled down by 2^step as the canvas
  /// is, on a transparent canvas of `decoded` size.
  private func decodeWebPFrame(
    _ frame: (webp: [UInt8], canvas: PixelSize, x: Int, y: Int, size: PixelSize), step: Int, decoded: PixelSize
  ) throws(DecodeError) -> RGBAImage {
    let k = Swift.min(step, 30)
    let fw = Swift.max(1, (frame.size.width + (1 << k) - 1) >> k)
    let fh = Swift.max(1, (frame.size.height + (1 << k) - 1) >> k)
    let decodedFrame = try decodeExternal(frame.webp) { data, count, pixels, w, h, message, size in
      sw_webp_decode_scaled(data, count, Int64(maximumPixels), Int32(fw), Int32(fh), pixels, w, h, message, size)
    }
    if decodedFrame.width == decoded.width, decodedFrame.height == decoded.height { return decodedFrame }
    var canvas = [UInt8](repeating: 0, count: decoded.width * decoded.height * 4)
    let ox = frame.x >> k
    let oy = frame.y >> k
    for y in 0..<decodedFrame.height where oy + y < decoded.height {
      let n = Swift.min(decodedFrame.width, decoded.width - ox)
      guard n > 0 else { break }
      let src = y * decodedFrame.width * 4
      let dst = ((oy + y) * decoded.width + ox) * 4
      canvas.replaceSubrange(dst..<(dst + n * 4), with: decodedFrame.pixels[src..<(src + n * 4)])
    }
    return RGBAImage(width: decoded.width, height: decoded.height, premultiplied: canvas)
  }

  /// Decodes through a C entry point that returns a malloc'd straight
  /// RGBA8 buffer (WebP, HEIF).
  private func decodeExternal(
    _ bytes: [UInt8],
    _ call: (
      UnsafePointer<UInt8>?, Int, UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>, UnsafeMutablePointer<Int32>,
      UnsafeMutablePointer<Int32>, UnsafeMutablePointer<CChar>, Int
    ) -> Int32
  ) throws(DecodeError) -> RGBAImage {
    var pixels: UnsafeMutablePointer<UInt8>?
    var w: Int32 = 0
    var h: Int32 = 0
    var message = [CChar](repeating: 0, count: 256)
    let code = bytes.withUnsafeBufferPointer { b in
      message.withUnsafeMutableBufferPointer { m in
        call(b.baseAddress, b.count, &pixels, &w, &h, m.baseAddress!, m.count)
      }
    }
    defer { if let pixels { sw_free(pixels) } }
    try check(code, message)
    guard let pixels, w > 0, h > 0 else { throw .corrupt("no pixels") }
    return RGBAImage(
      width: Int(w), height: Int(h), straight: Array(UnsafeBufferPointer(start: pixels, count: Int(w) * Int(h) * 4)))
  }

  /// A JPEG scaled in the DCT. A first try runs within
  /// `DecodeBudget.unreservedBytes`; a progressive JPEG whose coefficients
  /// need more (libjpeg says so from the header, before allocating) is
  /// decoded again with what it needs reserved in `budget`, or refused
  /// when that passes `maximumDecodeBytes` (naming the coefficients and
  /// 8 MiB for libjpeg's other buffers: what it would reserve).
  private func decodeJPEG(_ bytes: [UInt8], scaleDenominator: Int) throws(DecodeError) -> RGBAImage {
    let free = Swift.min(DecodeBudget.unreservedBytes, maximumDecodeBytes)
    do {
      return try decodeJPEG(bytes, scaleDenominator: scaleDenominator, workBytes: free)
    } catch .overBudget(let needed, _) {
      // The coefficients, and room for libjpeg's other buffers beside them
      // (when it did not say, twice the first try's).
      let work = needed.map { $0 + (8 << 20) } ?? 2 * free
      guard work <= maximumDecodeBytes else { throw .overBudget(needed: work, limit: maximumDecodeBytes) }
      return try budget.withReservation(work) { () throws(DecodeError) in
        try decodeJPEG(bytes, scaleDenominator: scaleDenominator, workBytes: work)
      }
    }
  }

  private func decodeJPEG(_ bytes: [UInt8], scaleDenominator: Int, workBytes: Int) throws(DecodeError) -> RGBAImage {
    var pixels: UnsafeMutablePointer<UInt8>?
    var w: Int32 = 0
    var h: Int32 = 0
    var message = [CChar](repeating: 0, count: 256)
    var needed: Int64 = 0
    let code = bytes.withUnsafeBufferPointer { b in
      sw_jpeg_decode_bounded(
        b.baseAddress, b.count, Int32(scaleDenominator), Int64(maximumPixels), Int64(Swift.max(1 << 20, workBytes)),
        &needed, &pixels, &w, &h, &message, message.count)
    }
    if code == Int32(SW_ERR_BUDGET), needed > 0 {
      throw .overBudget(needed: Int(needed), limit: maximumDecodeBytes)
    }
    try check(code, message)
    guard let pixels else { throw .corrupt("no pixels") }
    defer { sw_free(pixels) }
    let count = Int(w) * Int(h) * 4
    return RGBAImage(
      width: Int(w), height: Int(h), premultiplied: Array(UnsafeBufferPointer(start: pixels, count: count)))
  }

  /// Whether the chunks after the PNG signature run, complete, up to an
  /// IEND chunk. O(number of chunks): only headers are read.
  static func hasPNGEnd(_ bytes: [UInt8]) -> Bool {
    var i = 8
    while i + 12 <= bytes.count {
      let length = Int(bytes[i]) << 24 | Int(bytes[i + 1]) << 16 | Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
      let isEnd = bytes[i + 4] == 0x49 && bytes[i + 5] == 0x45 && bytes[i + 6] == 0x4E && bytes[i + 7] == 0x44
      let next = i + 12 + length
      guard length >= 0, next <= bytes.count else { return false }
      if isEnd { return true }
      i = next
    }
    return false
  }

  /// A PNG at full size (`shift` 0: libpng's simplified API), or averaged
  /// into boxes of 2^shift pixels a side, decoded row by row (the whole
  /// image is never in memory).
  private func decodePNG(_ bytes: [UInt8], shift: Int) throws(DecodeError) -> RGBAImage {
    // A PNG ends with an IEND chunk; without it the file was cut short
    // (libpng's own message for this case is a terse "read error"). Walk
    // the chunk headers to find it: bytes after IEND are ignored, as
    // libpng and browsers do.
    if !Self.hasPNGEnd(bytes) { throw .truncated("no IEND chunk: the file was cut short") }
    if shift > 0 {
      var pixels: UnsafeMutablePointer<UInt8>?
      var w: Int32 = 0
      var h: Int32 = 0
      var message = [CChar](repeating: 0, count: 256)
      let code = bytes.withUnsafeBufferPointer { b in
        sw_png_decode_scaled(
          b.baseAddress, b.count, Int32(shift), Int64(maximumPixels), &pixels, &w, &h, &message, message.count)
      }
      defer { if let pixels { sw_free(pixels) } }
      try check(code, message)
      guard let pixels, w > 0, h > 0 else { throw .corrupt("no pixels") }
      return RGBAImage(
        width: Int(w), height: Int(h),
        premultiplied: Array(UnsafeBufferPointer(start: pixels, count: Int(w) * Int(h) * 4)))
    }
    var image = png_image()
    image.version = UInt32(PNG_IMAGE_VERSION)
    let began = bytes.withUnsafeBufferPointer { b in png_image_begin_read_from_memory(&image, b.baseAddress, b.count) }
    guard began != 0 else {
      defer { png_image_free(&image) }
      throw pngError(image, bytes)
    }
    let size = PixelSize(width: Int(image.width), height: Int(image.height))
    guard size.width > 0, size.height > 0, size.width <= maximumPixels / size.height else {
      png_image_free(&image)
      throw .tooLarge(size, limit: maximumPixels)
    }
    image.format = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)  // PNG_FORMAT_RGBA
    var pixels = [UInt8](repeating: 0, count: size.area * 4)
    let ok = pixels.withUnsafeMutableBytes { p in
      png_image_finish_read(&image, nil, p.baseAddress, Int32(size.width * 4), nil)
    }
    guard ok != 0 else {
      defer { png_image_free(&image) }
      throw pngError(image, bytes)
    }
    return RGBAImage(width: size.width, height: size.height, straight: pixels)
  }

  private func pngError(_ image: png_image, _ bytes: [UInt8]) -> DecodeError {
    var message = image.message
    let text = withUnsafeBytes(of: &message) { raw in
      String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
    }
    if text.lowercased().contains("read error") || text.lowercased().contains("eof") { return .truncated(text) }
    return .corrupt(text)
  }

  private func check(_ code: Int32, _ message: [CChar]) throws(DecodeError) {
    try Self.check(code, message, limit: maximumPixels, budget: maximumDecodeBytes)
  }

  /// The `DecodeError` for a C shim's return code and message.
  static func check(
    _ code: Int32, _ message: [CChar], limit: Int, budget: Int = defaultDecodeBytes
  )
    throws(DecodeError)
  {
    let text = String(decoding: message.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    switch code {
    case Int32(SW_OK): return
    case Int32(SW_ERR_TRUNCATED): throw .truncated(text)
    case Int32(SW_ERR_TOO_LARGE): throw .tooLarge(PixelSize(width: 0, height: 0), limit: limit)
    case Int32(SW_ERR_UNSUPPORTED): throw .unsupported(text)
    case Int32(SW_ERR_MEMORY):
      throw .corrupt(text.isEmpty || text == "out of memory" ? "out of memory while decoding" : text)
    case Int32(SW_ERR_BUDGET): throw .overBudget(needed: nil, limit: budget)
    default: throw .corrupt(text)
    }
  }
}
