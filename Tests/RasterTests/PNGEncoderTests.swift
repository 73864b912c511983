import LayoutCore
import Raster
import ScrollworkTestSupport
import Testing

/// `PNGEncoder` compresses once, into a buffer of libpng's bound, and
/// retries only when that is too small: the bytes must be a whole PNG that
/// decodes to the image, even for incompressible pixels (the largest
/// output), opaque or not, fast or not.
@Suite struct PNGEncoderTests {
  let decoder = ImageDecoder()

  /// Pixels from a SplitMix64 stream: nothing for zlib to find.
  func noise(width: Int, height: Int, opaque: Bool) -> RGBAImage {
    var random = SplitMix64(seed: 0x1234_5678)
    var bytes = [UInt8](repeating: 0, count: width * height * 4)
    for i in stride(from: 0, to: bytes.count, by: 8) {
      let z = random.next()
      for k in 0..<8 where i + k < bytes.count { bytes[i + k] = UInt8(truncatingIfNeeded: z >> (8 * UInt64(k))) }
    }
    if opaque { for i in stride(from: 3, to: bytes.count, by: 4) { bytes[i] = 255 } }
    return RGBAImage(width: width, height: height, straight: bytes)
  }

  @Test(arguments: [(true, true), (true, false), (false, true), (false, false)])
  func incompressiblePixelsRoundTrip(opaque: Bool, fast: Bool) throws {
    let image = noise(width: 97, height: 61, opaque: opaque)
    let bytes = try PNGEncoder.encode(image, fast: fast)
    #expect(Array(bytes.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    #expect(PNGChunk.parse(bytes).last?.type == "IEND", "the stream is whole, not cut at the buffer's end")
    let decoded = try decoder.decode(bytes)
    #expect(decoded.size == image.size)
    if opaque {
      #expect(decoded.pixels == image.pixels)
    } else {
      // Straight alpha in the file: premultiplying again loses at most 1.
      let far = zip(decoded.pixels, image.pixels).filter { abs(Int($0) - Int($1)) > 1 }.count
      #expect(far == 0)
    }
  }

  @Test func encodingIsRepeatable() throws {
    let image = noise(width: 64, height: 48, opaque: true)
    #expect(try PNGEncoder.encode(image, fast: true) == PNGEncoder.encode(image, fast: true))
    #expect(try PNGEncoder.encode(image) == PNGEncoder.encode(image))
  }

  @Test func oneByOneAndEmptyImages() throws {
    let one = RGBAImage(width: 1, height: 1, fill: (255, 0, 0, 255))
    #expect(try decoder.decode(PNGEncoder.encode(one)).pixels == one.pixels)
    #expect(throws: EncodeError.self) { try PNGEncoder.encode(RGBAImage(width: 0, height: 5)) }
  }
}
