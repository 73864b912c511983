import Raster
import ScrollworkTestSupport
import Testing

@Suite struct LRUCacheTests {
  @Test func evictsTheLeastRecentlyUsed() {
    var cache = LRUCache<Int, String>(byteLimit: 30)
    cache.insert("a", bytes: 10, for: 1)
    cache.insert("b", bytes: 10, for: 2)
    cache.insert("c", bytes: 10, for: 3)
    #expect(cache[1] == "a")  // 1 is now the most recent; 2 the least
    #expect(cache.insert("d", bytes: 10, for: 4) == [2])
    #expect(cache.keysByRecency == [4, 1, 3])
    #expect(cache.insert("e", bytes: 25, for: 5) == [3, 1, 4])
    #expect(cache.keysByRecency == [5])
    #expect(cache.byteCount == 25)
  }

  @Test func replacingAndOversizedValues() {
    var cache = LRUCache<String, Int>(byteLimit: 100)
    cache.insert(1, bytes: 40, for: "x")
    cache.insert(2, bytes: 60, for: "x")
    #expect(cache.count == 1 && cache.byteCount == 60 && cache["x"] == 2)
    // Larger than the whole limit: not kept, and nothing else is dropped
    // for it (the old value for that key goes, as a replacement would).
    #expect(cache.insert(3, bytes: 101, for: "y") == [])
    #expect(!cache.contains("y") && cache.contains("x"))
    cache.insert(4, bytes: -5, for: "z")  // clamps to 0 bytes
    #expect(cache.byteCount == 60)
    #expect(cache.remove("x") == 2 && cache.byteCount == 0)
    var none = LRUCache<Int, Int>(byteLimit: -1)
    none.insert(1, bytes: 1, for: 1)
    #expect(none.count == 0)
  }

  @Test func removingByKeyKeepsTheOthersInTheirOrder() {
    var cache = LRUCache<Int, String>(byteLimit: 100)
    for k in 1...6 { cache.insert("\(k)", bytes: 10, for: k) }
    cache.removeAll { $0 % 2 == 0 }
    #expect(cache.keysByRecency == [5, 3, 1])
    #expect(cache.byteCount == 30 && cache.count == 3)
    // The slots freed are reused, and eviction still goes oldest first.
    for k in 7...13 { cache.insert("\(k)", bytes: 10, for: k) }
    #expect(cache.keysByRecency == [13, 12, 11, 10, 9, 8, 7, 5, 3, 1])
    cache.insert("14", bytes: 10, for: 14)
    #expect(!cache.contains(1) && cache.contains(3) && cache.byteCount == 100)
    cache.removeAll { _ in false }
    #expect(cache.count == 10)
  }

  /// Against a brute-force model (an array in recency order) over seeded
  /// random operations: same keys in the same order, same bytes, never
  /// above the limit.
  @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
  func matchesABruteForceModel(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    let limit = 500
    var cache = LRUCache<Int, Int>(byteLimit: limit)
    var model: [(key: Int, bytes: Int)] = []  // most recent first
    for step in 0..<3_000 {
      let key = Int(random.next() % 40)
      switch random.next() % 4 {
      case 0, 1:
        let bytes = Int(random.next() % 120)
        cache.insert(key * 10, bytes: bytes, for: key)
        model.removeAll { $0.key == key }
        if bytes <= limit {
          while model.reduce(0, { $0 + $1.bytes }) + bytes > limit { model.removeLast() }
          model.insert((key, bytes), at: 0)
        }
      case 2:
        let value = cache[key]
        if let at = model.firstIndex(where: { $0.key == key }) {
          #expect(value == key * 10, "seed \(seed) step \(step)")
          model.insert(model.remove(at: at), at: 0)
        } else {
          #expect(value == nil, "seed \(seed) step \(step)")
        }
      default:
        cache.remove(key)
        model.removeAll { $0.key == key }
      }
      #expect(cache.keysByRecency == model.map(\.key), "seed \(seed) step \(step)")
      #expect(cache.byteCount == model.reduce(0, { $0 + $1.bytes }) && cache.byteCount <= limit)
    }
  }
}
