import CZlib

/// Builds an animated PNG (APNG): PNG signature, `IHDR`, `acTL`, then per
/// frame an `fcTL` followed by the frame's data (`IDAT` for the first frame,
/// `fdAT` after), then `IEND`. Sequence numbers run 0, 1, 2… over `fcTL` and
/// `fdAT` chunks; every chunk carries a CRC-32 from zlib.
///
/// Each frame is compressed by libpng (`PNGEncoder`), and its `IDAT`
/// payload is re-wrapped. To keep files small, a frame stores only the
/// rectangle that changed since the previous frame (blend `SOURCE`,
/// dispose `NONE`), and a frame equal to the previous one only lengthens
/// the previous frame's delay.
///
/// ```swift
/// var apng = APNGWriter(width: 390, height: 844)
/// try apng.add(frame1, delay: 1.0 / 30)
/// try apng.add(frame2, delay: 1.0 / 30)
/// let bytes = apng.finish()
/// ```
public struct APNGWriter: Sendable {
  public let width: Int
  public let height: Int
  /// How many times viewers play it; 0 loops forever.
  public let loops: Int

  struct Frame {
    var x: Int
    var y: Int
    var width: Int
    var height: Int
    var delay: Double
    var data: [UInt8]
  }

  private var frames: [Frame] = []
  private var previous: RGBAImage?
  private var header: [UInt8] = []
  private var hasAlpha = false

  public init(width: Int, height: Int, loops: Int = 0) {
    self.width = width
    self.height = height
    self.loops = Swift.max(0, loops)
  }

  /// The frames stored so far (equal consecutive frames count once).
  public var frameCount: Int { frames.count }

  /// Adds a frame shown for `delay` seconds (clamped to 1/1000...655).
  ///
  /// - Throws: `EncodeError.encoder` when the frame's size is not the
  ///   animation's, or libpng fails.
  public mutating func add(_ image: RGBAImage, delay: Double) throws(EncodeError) {
    guard image.width == width, image.height == height else {
      throw .encoder("frame is \(image.width)x\(image.height), the animation is \(width)x\(height)")
    }
    let delay = delay.isFinite ? Swift.min(655, Swift.max(0.001, delay)) : 0.001
    guard let previous else {
      hasAlpha = !image.isOpaque
      let png = try PNGEncoder.encode(image, fast: true, alpha: hasAlpha)
      let chunks = PNGChunk.parse(png)
      header = chunks.first { $0.type == "IHDR" }?.data ?? []
      let data = chunks.filter { $0.type == "IDAT" }.flatMap(\.data)
      frames.append(Frame(x: 0, y: 0, width: width, height: height, delay: delay, data: data))
      self.previous = image
      return
    }
    guard let box = Self.changedBox(previous, image) else {
      frames[frames.count - 1].delay += delay
      return
    }
    // Every frame uses the first frame's colour type (IHDR is shared): an
    // opaque first frame makes later frames drop alpha.
    let region = image.cropped(x: box.x, y: box.y, width: box.width, height: box.height)
    let data = PNGChunk.parse(try PNGEncoder.encode(region, fast: true, alpha: hasAlpha)).filter { $0.type == "IDAT" }
      .flatMap(\.data)
    frames.append(Frame(x: box.x, y: box.y, width: box.width, height: box.height, delay: delay, data: data))
    self.previous = image
  }

  /// The smallest rectangle holding every pixel that differs, or `nil`.
  static func changedBox(_ a: RGBAImage, _ b: RGBAImage) -> (x: Int, y: Int, width: Int, height: Int)? {
    var minX = Int.max
    var minY = Int.max
    var maxX = -1
    var maxY = -1
    let w = a.width
    a.pixels.withUnsafeBytes { pa in
      b.pixels.withUnsafeBytes { pb in
        let wa = pa.bindMemory(to: UInt32.self)
        let wb = pb.bindMemory(to: UInt32.self)
        for y in 0..<a.height {
          let row = y * w
          var first = -1
          var x = 0
          while x < w {
            if wa[row + x] != wb[row + x] {
              first = x
              break
            }
            x += 1
          }
          guard first >= 0 else { continue }
          var last = w - 1
          while last > first, wa[row + last] == wb[row + last] { last -= 1 }
          minX = Swift.min(minX, first)
          maxX = Swift.max(maxX, last)
          minY = Swift.min(minY, y)
          maxY = y
        }
      }
    }
    guard maxX >= 0 else { return nil }
    return (minX, minY, maxX - minX + 1, maxY - minY + 1)
  }

  /// The APNG file's bytes. An animation with no frames is a 1-frame
  /// transparent image of the animation's size.
  public func finish() -> [UInt8] {
    var writer = self
    if writer.frames.isEmpty {
      try? writer.add(RGBAImage(width: Swift.max(1, width), height: Swift.max(1, height)), delay: 0.1)
    }
    var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    PNGChunk(type: "IHDR", data: writer.header).append(to: &out)
    var actl: [UInt8] = []
    actl.appendBigEndian(UInt32(writer.frames.count))
    actl.appendBigEndian(UInt32(loops))
    PNGChunk(type: "acTL", data: actl).append(to: &out)
    var sequence: UInt32 = 0
    for (index, frame) in writer.frames.enumerated() {
      var fctl: [UInt8] = []
      fctl.appendBigEndian(sequence)
      sequence += 1
      fctl.appendBigEndian(UInt32(frame.width))
      fctl.appendBigEndian(UInt32(frame.height))
      fctl.appendBigEndian(UInt32(frame.x))
      fctl.appendBigEndian(UInt32(frame.y))
      // Delay as a fraction: milliseconds over 1000.
      fctl.appendBigEndian(UInt16(Swift.min(65535, Swift.max(1, (frame.delay * 1000).rounded()))))
      fctl.appendBigEndian(UInt16(1000))
      fctl.append(0)  // dispose_op NONE: the next frame draws over this one
      fctl.append(0)  // blend_op SOURCE: the region replaces what is there
      PNGChunk(type: "fcTL", data: fctl).append(to: &out)
      // Split into chunks of at most 1 MiB.
      var start = 0
      repeat {
        let end = Swift.min(frame.data.count, start + (1 << 20))
        if index == 0 {
          PNGChunk(type: "IDAT", data: Array(frame.data[start..<end])).append(to: &out)
        } else {
          var fdat: [UInt8] = []
          fdat.appendBigEndian(sequence)
          sequence += 1
          fdat.append(contentsOf: frame.data[start..<end])
          PNGChunk(type: "fdAT", data: fdat).append(to: &out)
        }
        start = end
      } while start < frame.data.count
    }
    PNGChunk(type: "IEND", data: []).append(to: &out)
    return out
  }
}

/// One PNG chunk: a four-letter type and its data.
public struct PNGChunk: Hashable, Sendable {
  public var type: String
  public var data: [UInt8]
  /// The CRC stored in the file (for parsed chunks); computed when writing.
  public var storedCRC: UInt32?

  public init(type: String, data: [UInt8], storedCRC: UInt32? = nil) {
    self.type = type
    self.data = data
    self.storedCRC = storedCRC
  }

  /// The CRC-32 of the type and data, as PNG defines it (zlib's crc32).
  public var crc: UInt32 {
    var c = crc32(0, nil, 0)
    let typeBytes = Array(type.utf8)
    c = typeBytes.withUnsafeBufferPointer { crc32(c, $0.baseAddress, UInt32($0.count)) }
    c = data.withUnsafeBufferPointer { crc32(c, $0.baseAddress, UInt32($0.count)) }
    return UInt32(c)
  }

  func append(to out: inout [UInt8]) {
    out.appendBigEndian(UInt32(data.count))
    out.append(contentsOf: type.utf8)
    out.append(contentsOf: data)
    out.appendBigEndian(crc)
  }

  /// The chunks of a PNG file, in order; stops at the first malformed one.
  public static func parse(_ bytes: [UInt8]) -> [PNGChunk] {
    var chunks: [PNGChunk] = []
    var i = 8
    while i + 12 <= bytes.count {
      let length = Int(bytes.readBigEndian32(at: i))
      guard length <= bytes.count - i - 12 else { break }
      let type = String(decoding: bytes[(i + 4)..<(i + 8)], as: UTF8.self)
      let data = Array(bytes[(i + 8)..<(i + 8 + length)])
      let crc = bytes.readBigEndian32(at: i + 8 + length)
      chunks.append(PNGChunk(type: type, data: data, storedCRC: crc))
      i += 12 + length
    }
    return chunks
  }
}

extension [UInt8] {
  mutating func appendBigEndian(_ value: UInt32) {
    append(contentsOf: [
      UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF),
    ])
  }

  mutating func appendBigEndian(_ value: UInt16) {
    append(contentsOf: [UInt8(value >> 8), UInt8(value & 0xFF)])
  }

  /// The big-endian 32-bit number at `index`.
  public func readBigEndian32(at index: Int) -> UInt32 {
    UInt32(self[index]) << 24 | UInt32(self[index + 1]) << 16 | UInt32(self[index + 2]) << 8 | UInt32(self[index + 3])
  }
}
