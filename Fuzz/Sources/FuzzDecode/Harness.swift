import FuzzSupport
import Raster

/// JPEG and PNG decoding through the C shim (libjpeg-turbo, libpng), under
/// AddressSanitizer: any bytes give an image or a `DecodeError`. The first
/// byte picks the reduced size asked for and whether to force a JPEG or
/// PNG signature in front of the rest, so that mutations reach the
/// decoders rather than the format sniffing. Every decode gives back what
/// it reserved in its decode budget.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDecode(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  guard let data, size > 0 else { return 0 }
  let control = data[0]
  var bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
  switch control & 3 {
  case 1: bytes = [0xFF, 0xD8, 0xFF] + bytes
  case 2: bytes = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + bytes
  case 3 where control & 8 != 0:
    // A decompression bomb's shape: a PNG header declaring up to 2^11 ×
    // 2^11 pixels of any depth, colour type and interlacing, then the
    // input as its zlib stream (stored blocks when it is not one).
    bytes = bombPNG(bytes, control: control)
  case 3: bytes = Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBP".utf8) + bytes
  default: break
  }
  // A small pixel limit keeps each run fast; the limit check is part of what is tested.
  // A budget of its own, smaller than what a 4-megapixel progressive JPEG
  // needs at 4:4:4, so the shared budget's reserve, refuse and give-back
  // paths all run.
  let budget = DecodeBudget(totalBytes: 20 << 20)
  let decoder = ImageDecoder(maximumPixels: 1 << 22, maximumFileBytes: 1 << 22, budget: budget)
  defer { if budget.reservedBytes != 0 { fuzzFail("a decode kept \(budget.reservedBytes) bytes of the budget") } }
  let minimum: PixelSize? = control & 4 == 0 ? nil : PixelSize(width: Int(control >> 4), height: Int(control >> 5))
  // The header pass sees the same bytes: it must never be stricter than
  // the decoder's header read (a header the decoder reads, it reads).
  let header = try? ImageHeader.parse(bytes)
  if let header, header.storedSize.width <= 0 || header.storedSize.height <= 0 {
    fuzzFail("the header pass gave an empty size")
  }
  if let header, minimum != nil {
    let worst = decoder.worstCaseBytes(
      format: header.format, storedSize: header.storedSize, orientation: header.orientation, atLeast: minimum)
    if worst < 0 { fuzzFail("a negative worst case") }
  }
  do {
    let info = try decoder.info(bytes)
    _ = info.size
    let image = try decoder.decode(bytes, atLeast: minimum)
    if image.width <= 0 || image.height <= 0 { fuzzFail("empty image decoded") }
  } catch {
    if error.description.isEmpty { fuzzFail("empty message") }
  }
  return 0
}

/// A PNG whose IHDR the control byte and the first input bytes choose
/// (width and height up to 2^11 each, depth, colour type, interlace), with
/// the rest of the input as its image data.
func bombPNG(_ rest: [UInt8], control: UInt8) -> [UInt8] {
  func be(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
  let head = Array(rest.prefix(4)) + [UInt8](repeating: 0, count: Swift.max(0, 4 - rest.count))
  let width = UInt32(head[0]) << 3 | UInt32(head[1] & 7) + 1
  let height = UInt32(head[2]) << 3 | UInt32(head[3] & 7) + 1
  let depths: [UInt8] = [1, 2, 4, 8, 16]
  let types: [UInt8] = [0, 2, 3, 4, 6]
  let depth = depths[Int(head[1] >> 3) % depths.count]
  let type = types[Int(head[3] >> 3) % types.count]
  let interlace: UInt8 = control & 0x10 == 0 ? 0 : 1
  let data = Array(rest.dropFirst(4))
  func chunk(_ kind: String, _ body: [UInt8]) -> [UInt8] {
    // The CRC is not checked by this harness' aim (libpng checks it: a
    // wrong one is a corrupt file, which is a fine outcome too), so it is
    // computed properly to reach the image data.
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in Array(kind.utf8) + body {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return be(UInt32(body.count)) + Array(kind.utf8) + body + be(~crc)
  }
  var stream: [UInt8] = [0x78, 0x01]
  var at = 0
  repeat {
    let n = Swift.min(65535, data.count - at)
    stream += [at + n == data.count ? 1 : 0, UInt8(n & 0xFF), UInt8(n >> 8), UInt8(~n & 0xFF), UInt8(~n >> 8 & 0xFF)]
    stream += data[at..<(at + n)]
    at += n
  } while at < data.count
  stream += [0, 0, 0, 1]
  var file: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
  file += chunk("IHDR", be(width) + be(height) + [depth, type, 0, 0, interlace])
  if type == 3 { file += chunk("PLTE", [UInt8](repeating: 0x80, count: 48)) }
  file += chunk("IDAT", stream) + chunk("IEND", [])
  return file
}
