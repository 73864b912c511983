/// Decoded photos keyed by photo and resolution level, within a memory
/// bound.
///
/// Level `k` is the photo at 1/2^k of its size (each side rounded up). A
/// request for a photo drawn `n` pixels wide is served by the smallest
/// level still at least `n` wide, so a thumbnail never costs a full decode
/// (JPEG decodes straight to the level through DCT scaling) and bilinear
/// filtering never shrinks by more than 2× (no aliasing when shrinking a
/// lot: each level is a 2×2 box filter of the one above).
///
/// When the cached images exceed `byteLimit`, the least recently used go
/// first. An image larger than the whole limit is returned but not kept.
/// Failures are remembered per photo so a bad file is decoded once.
///
/// Not thread-safe: one renderer owns one cache.
public final class ImageCache {
  struct Key: Hashable {
    var source: Photo.Source
    var level: Int
  }

  /// The most bytes of decoded pixels kept.
  public let byteLimit: Int
  /// The bytes of decoded pixels held now (never above `byteLimit`).
  public var byteCount: Int { entries.byteCount }
  /// Requests answered from the cache.
  public private(set) var hits = 0
  /// Requests that decoded.
  public private(set) var misses = 0

  public let decoder: ImageDecoder
  let samples: SampleRenderer?
  private var entries: LRUCache<Key, RGBAImage>
  private var failures: [Photo.Source: DecodeError] = [:]

  /// - Parameters:
  ///   - byteLimit: the memory bound in bytes (default 256 MiB); values
  ///     below 0 clamp to 0 (nothing is kept).
  ///   - samples: draws `.sample` photos; without it they fail as
  ///     `.unreadable`.
  public init(byteLimit: Int = 256 << 20, decoder: ImageDecoder = ImageDecoder(), samples: SampleRenderer? = nil) {
    self.byteLimit = Swift.max(0, byteLimit)
    self.entries = LRUCache(byteLimit: byteLimit)
    self.decoder = decoder
    self.samples = samples
  }

  /// The number of decoded images held.
  public var count: Int { entries.count }

  /// The level whose size is the smallest still at least `minimum`.
  public static func level(for size: PixelSize, atLeast minimum: PixelSize) -> Int {
    var k = 0
    while k < 12 {
      let w = (size.width + (1 << (k + 1)) - 1) >> (k + 1)
      let h = (size.height + (1 << (k + 1)) - 1) >> (k + 1)
      guard w >= Swift.max(1, minimum.width), h >= Swift.max(1, minimum.height) else { break }
      // Stop once halving no longer shrinks anything (1×1).
      guard w < (size.width + (1 << k) - 1) >> k || h < (size.height + (1 << k) - 1) >> k else { break }
      k += 1
    }
    return k
  }

  /// The photo decoded at a resolution of at least `minimum` pixels (when
  /// the photo is that large).
  ///
  /// - Throws: the photo's `DecodeError` (remembered: later calls throw it
  ///   again without decoding).
  /// - Complexity: O(1) for a hit; a decode for a miss, plus O(1) per
  ///   image evicted (`LRUCache`).
  public func image(for photo: Photo, atLeast minimum: PixelSize) throws(DecodeError) -> RGBAImage {
    if let failure = failures[photo.source] { throw failure }
    let key = Key(source: photo.source, level: Self.level(for: photo.size, atLeast: minimum))
    if let image = entries[key] {
      hits += 1
      return image
    }
    misses += 1
    let levelSize = PixelSize(
      width: Swift.max(1, (photo.size.width + (1 << key.level) - 1) >> key.level),
      height: Swift.max(1, (photo.size.height + (1 << key.level) - 1) >> key.level))
    let image: RGBAImage
    do throws(DecodeError) {
      switch photo.source {
      case .file(let path):
        image = try decoder.decode(file: path, atLeast: levelSize)
      case .sample(let sample):
        guard let samples else { throw DecodeError.unreadable("no sample generator") }
        image = samples.render(sample, size: levelSize)
      }
    } catch {
      failures[photo.source] = error
      throw error
    }
    store(image, for: key)
    return image
  }

  /// The pixel size of level `level` of an image of `size` (each side
  /// halved `level` times, rounded up, at least 1).
  public static func levelSize(_ size: PixelSize, level: Int) -> PixelSize {
    let k = Swift.min(Swift.max(0, level), 30)
    return PixelSize(
      width: Swift.max(1, (size.width + (1 << k) - 1) >> k), height: Swift.max(1, (size.height + (1 << k) - 1) >> k))
  }

  /// What the cache holds for `photo` drawn at least `minimum` pixels,
  /// without decoding: the wanted level when it is cached (`exact`), else
  /// the nearest cached level (finer first, then coarser), else no image.
  /// For drawing while the wanted level loads elsewhere (`insert`).
  ///
  /// - Complexity: O(levels) lookups (at most 13).
  public func cachedImage(for photo: Photo, atLeast minimum: PixelSize) -> (image: RGBAImage?, level: Int, exact: Bool)
  {
    let level = Self.level(for: photo.size, atLeast: minimum)
    if let image = entries[Key(source: photo.source, level: level)] {
      hits += 1
      return (image, level, true)
    }
    for k in stride(from: level - 1, through: 0, by: -1) {
      if let image = entries[Key(source: photo.source, level: k)] { return (image, level, false) }
    }
    for k in stride(from: level + 1, through: 12, by: 1) {
      if let image = entries[Key(source: photo.source, level: k)] { return (image, level, false) }
    }
    return (nil, level, false)
  }

  /// Keeps an image decoded elsewhere (a background loader) as level
  /// `level` of `photo`.
  ///
  /// - Complexity: O(1) plus O(1) per image evicted.
  public func insert(_ image: RGBAImage, for photo: Photo, level: Int) {
    misses += 1
    store(image, for: Key(source: photo.source, level: level))
  }

  /// Remembers that `photo` cannot be decoded (a background loader's
  /// failure): `image(for:atLeast:)` throws it from now on.
  public func recordFailure(_ error: DecodeError, for photo: Photo) {
    failures[photo.source] = error
  }

  /// The error remembered for `photo`, if its decode failed.
  public func failure(for photo: Photo) -> DecodeError? { failures[photo.source] }

  /// Drops every image (not the remembered failures).
  public func removeAll() {
    entries.removeAll()
  }

  /// Drops every level of the photos from `sources` (their files or
  /// sizes changed), keeping the others' and the remembered failures.
  ///
  /// - Complexity: O(images held).
  public func removeImages(of sources: Set<Photo.Source>) {
    guard !sources.isEmpty else { return }
    entries.removeAll { sources.contains($0.source) }
  }

  private func store(_ image: RGBAImage, for key: Key) {
    entries.insert(image, bytes: image.byteCount, for: key)
  }
}
