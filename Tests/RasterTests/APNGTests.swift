import LayoutCore
import Raster
import Testing

@Suite struct APNGTests {
  /// Frames of a square moving right; frame 2 repeats frame 1.
  func frames() -> [RGBAImage] {
    var out: [RGBAImage] = []
    for step in [0, 1, 1, 2, 3] {
      var c = Canvas(pixelSize: PixelSize(width: 40, height: 30), background: Color(hex: 0x223344))
      c.fill(Rect(x: Double(4 + step * 6), y: 8, width: 10, height: 10), Color(hex: 0xFFCC00), cornerRadius: 3)
      out.append(c.image)
    }
    return out
  }

  @Test func chunksAreOrderedNumberedAndChecksummed() throws {
    var writer = APNGWriter(width: 40, height: 30)
    for f in frames() { try writer.add(f, delay: 0.05) }
    #expect(writer.frameCount == 4, "the repeated frame merges into its neighbour")
    let bytes = writer.finish()
    #expect(Array(bytes.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    let chunks = PNGChunk.parse(bytes)
    #expect(chunks.map(\.type).first == "IHDR")
    #expect(chunks[1].type == "acTL", "acTL before the first IDAT")
    #expect(chunks.last?.type == "IEND")
    for chunk in chunks { #expect(chunk.storedCRC == chunk.crc, "CRC of \(chunk.type)") }
    // acTL: frame count and loops.
    let actl = chunks[1].data
    #expect(actl.readBigEndian32(at: 0) == 4)
    #expect(actl.readBigEndian32(at: 4) == 0)
    // Order: fcTL IDAT+ (fcTL fdAT+)*.
    let types = chunks.map(\.type).filter { $0 != "IHDR" && $0 != "acTL" && $0 != "IEND" }
    #expect(types.first == "fcTL")
    #expect(types.filter { $0 == "fcTL" }.count == 4)
    let firstFdat = try #require(types.firstIndex(of: "fdAT"))
    #expect(!types[..<firstFdat].contains("fdAT") && types[..<firstFdat].contains("IDAT"))
    #expect(!types[firstFdat...].contains("IDAT"), "no IDAT after the first frame")
    // Sequence numbers run 0, 1, 2… over fcTL and fdAT.
    let sequence = chunks.filter { $0.type == "fcTL" || $0.type == "fdAT" }.map { $0.data.readBigEndian32(at: 0) }
    #expect(sequence == (0..<UInt32(sequence.count)).map { $0 })
    // Delays: the merged frame lasts twice as long.
    let delays = chunks.filter { $0.type == "fcTL" }.map { chunk -> Int in
      Int(chunk.data[20]) << 8 | Int(chunk.data[21])
    }
    #expect(delays == [50, 100, 50, 50], "milliseconds over 1000: \(delays)")
    // Regions lie inside the canvas.
    for chunk in chunks where chunk.type == "fcTL" {
      let w = chunk.data.readBigEndian32(at: 4)
      let h = chunk.data.readBigEndian32(at: 8)
      let x = chunk.data.readBigEndian32(at: 12)
      let y = chunk.data.readBigEndian32(at: 16)
      #expect(w > 0 && h > 0 && x + w <= 40 && y + h <= 30)
    }
  }

  @Test func framesRebuildExactlyFromTheirRegions() throws {
    let source = frames()
    var writer = APNGWriter(width: 40, height: 30)
    for f in source { try writer.add(f, delay: 0.05) }
    let chunks = PNGChunk.parse(writer.finish())
    let ihdr = try #require(chunks.first { $0.type == "IHDR" })
    // The default image (what a plain PNG viewer shows) is the first frame.
    let decoder = ImageDecoder()
    var expected = source
    expected.remove(at: 2)
    var rebuilt: RGBAImage?
    var index = 0
    while index < chunks.count {
      guard chunks[index].type == "fcTL" else {
        index += 1
        continue
      }
      let f = chunks[index].data
      let (w, h, x, y) = (
        f.readBigEndian32(at: 4), f.readBigEndian32(at: 8), f.readBigEndian32(at: 12), f.readBigEndian32(at: 16)
      )
      var data: [UInt8] = []
      index += 1
      while index < chunks.count, chunks[index].type == "IDAT" || chunks[index].type == "fdAT" {
        data += chunks[index].type == "IDAT" ? chunks[index].data : Array(chunks[index].data.dropFirst(4))
        index += 1
      }
      // A standalone PNG of the region: IHDR with the region's size.
      var header = ihdr.data
      header.replaceSubrange(0..<8, with: bigEndian(w) + bigEndian(h))
      let png =
        [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Fixtures.chunk("IHDR", header)
        + Fixtures.chunk("IDAT", data) + Fixtures.chunk("IEND", [])
      let region = try decoder.decode(png)
      var canvas = rebuilt ?? RGBAImage(width: 40, height: 30)
      for ry in 0..<Int(h) {
        for rx in 0..<Int(w) {
          let o = ((Int(y) + ry) * 40 + Int(x) + rx) * 4
          let p = region[rx, ry]
          canvas.pixels[o] = p.r
          canvas.pixels[o + 1] = p.g
          canvas.pixels[o + 2] = p.b
          canvas.pixels[o + 3] = p.a
        }
      }
      rebuilt = canvas
      let n = chunks[..<index].filter { $0.type == "fcTL" }.count - 1
      #expect(canvas == expected[n], "frame \(n) rebuilt from its region")
    }
  }

  @Test func wrongFrameSizeIsRejected() {
    var writer = APNGWriter(width: 10, height: 10)
    #expect(throws: EncodeError.self) { try writer.add(RGBAImage(width: 9, height: 10), delay: 0.1) }
    // An empty animation still makes a valid one-frame file.
    let chunks = PNGChunk.parse(writer.finish())
    #expect(chunks.map(\.type) == ["IHDR", "acTL", "fcTL", "IDAT", "IEND"])
  }

  func bigEndian(_ v: UInt32) -> [UInt8] {
    [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)]
  }
}
