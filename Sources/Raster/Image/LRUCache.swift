/// A map that keeps at most `byteLimit` bytes of values and drops the
/// least recently used first: a dictionary into a doubly linked list held
/// in arrays (indices, not references, so no retain traffic).
///
/// ```swift
/// var cache = LRUCache<String, [UInt8]>(byteLimit: 1 << 20)
/// cache.insert(pixels, bytes: pixels.count, for: "IMG_0001")
/// let hit = cache["IMG_0001"]  // now the most recently used
/// ```
///
/// - Complexity: lookup, insert, remove and each eviction O(1) (amortised,
///   from the dictionary).
/// - Bad input: a value larger than the whole limit is not kept (and
///   evicts nothing); negative byte counts and limits clamp to 0.
///
/// Not thread-safe: a value type, owned by one thread or actor.
public struct LRUCache<Key: Hashable, Value> {
  struct Node {
    var key: Key
    var value: Value
    var bytes: Int
    var newer: Int  // -1: none (the most recent)
    var older: Int  // -1: none (the least recent)
  }

  /// The most bytes kept.
  public let byteLimit: Int
  /// The bytes held now (never above `byteLimit`).
  public private(set) var byteCount = 0
  private var index: [Key: Int] = [:]
  private var nodes: [Node?] = []
  private var free: [Int] = []
  private var newest = -1
  private var oldest = -1

  public init(byteLimit: Int) {
    self.byteLimit = Swift.max(0, byteLimit)
  }

  /// The number of values held.
  public var count: Int { index.count }

  /// The value for `key`, marked most recently used; `nil` when absent.
  public subscript(key: Key) -> Value? {
    mutating get {
      guard let i = index[key] else { return nil }
      moveToFront(i)
      return nodes[i]!.value
    }
  }

  /// Whether `key` is held (without marking it used).
  public func contains(_ key: Key) -> Bool { index[key] != nil }

  /// Keeps `value` as the most recently used, replacing any value for
  /// `key`, then drops the least recently used until within the limit.
  ///
  /// - Returns: the keys evicted, least recent first.
  @discardableResult
  public mutating func insert(_ value: Value, bytes: Int, for key: Key) -> [Key] {
    let bytes = Swift.max(0, bytes)
    remove(key)
    guard bytes <= byteLimit else { return [] }
    var evicted: [Key] = []
    while byteCount + bytes > byteLimit, oldest >= 0 {
      let key = nodes[oldest]!.key
      remove(key)
      evicted.append(key)
    }
    let node = Node(key: key, value: value, bytes: bytes, newer: -1, older: newest)
    let i: Int
    if let reused = free.popLast() {
      i = reused
      nodes[i] = node
    } else {
      i = nodes.count
      nodes.append(node)
    }
    if newest >= 0 { nodes[newest]!.newer = i }
    newest = i
    if oldest < 0 { oldest = i }
    index[key] = i
    byteCount += bytes
    return evicted
  }

  /// Drops the value for `key`, if any.
  @discardableResult
  public mutating func remove(_ key: Key) -> Value? {
    guard let i = index.removeValue(forKey: key) else { return nil }
    unlink(i)
    let node = nodes[i]!
    nodes[i] = nil
    free.append(i)
    byteCount -= node.bytes
    return node.value
  }

  /// Drops everything.
  public mutating func removeAll() {
    index.removeAll()
    nodes.removeAll()
    free.removeAll()
    newest = -1
    oldest = -1
    byteCount = 0
  }

  /// Drops every value whose key `shouldRemove` picks.
  ///
  /// - Complexity: O(count) calls of `shouldRemove`, plus O(1) per value
  ///   dropped.
  public mutating func removeAll(where shouldRemove: (Key) -> Bool) {
    for key in index.keys.filter(shouldRemove) { remove(key) }
  }

  /// The keys from most to least recently used. O(count); for tests and
  /// diagnostics.
  public var keysByRecency: [Key] {
    var keys: [Key] = []
    var i = newest
    while i >= 0, let node = nodes[i] {
      keys.append(node.key)
      i = node.older
    }
    return keys
  }

  private mutating func unlink(_ i: Int) {
    let node = nodes[i]!
    if node.newer >= 0 { nodes[node.newer]!.older = node.older } else { newest = node.older }
    if node.older >= 0 { nodes[node.older]!.newer = node.newer } else { oldest = node.newer }
  }

  private mutating func moveToFront(_ i: Int) {
    guard newest != i else { return }
    unlink(i)
    nodes[i]!.older = newest
    nodes[i]!.newer = -1
    if newest >= 0 { nodes[newest]!.newer = i }
    newest = i
    if oldest < 0 { oldest = i }
  }
}

extension LRUCache: Sendable where Key: Sendable, Value: Sendable {}
extension LRUCache.Node: Sendable where Key: Sendable, Value: Sendable {}
