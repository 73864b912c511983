import FuzzSupport
import Raster

/// JPEG and PNG decoding through the C shim (libjpeg-turbo, libpng), under
/// AddressSanitizer: any bytes give an image or a `DecodeError`. The first
/// byte picks the reduced size asked for and whether to force a JPEG or
/// PNG signature in front of the rest, so that mutations reach the
/// decoders rather than the format sniffing.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDecode(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  guard let data, size > 0 else { return 0 }
  let control = data[0]
  var bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
  switch control & 3 {
  case 1: bytes = [0xFF, 0xD8, 0xFF] + bytes
  case 2: bytes = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + bytes
  default: break
  }
  // A small pixel limit keeps each run fast; the limit check is part of what is tested.
  let decoder = ImageDecoder(maximumPixels: 1 << 22, maximumFileBytes: 1 << 22)
  let minimum: PixelSize? = control & 4 == 0 ? nil : PixelSize(width: Int(control >> 4), height: Int(control >> 5))
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
