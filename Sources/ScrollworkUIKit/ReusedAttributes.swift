#if canImport(UIKit)
  import UIKit
#else
  import Foundation
  import UIKitStandIn
#endif
import LayoutCore

/// UIKit attributes objects by element, kept from answer to answer: an
/// element whose values hold is answered with the object it had, and the
/// last answer's array itself is returned when nothing changed.
///
/// An element whose values changed gets them in one of two ways:
/// - **In place**, in a scroll frame (`inPlace`): the object UIKit already
///   has takes the new values, and nothing is allocated. UIKit keeps a copy
///   of the attributes it applies to a view and compares the next answer
///   with that copy (Apple, `UICollectionViewLayoutAttributes` subclassing
///   notes: attributes "may be copied by the collection view", and from
///   iOS 7 it compares "the existing attributes object with the new one"
///   with `isEqual:`), so the change is seen. MagazineLayout relies on the
///   same: it keeps one object per element and sets a pinned header's frame
///   on it in every query while scrolling.
/// - **In a new object** otherwise (a batch update, a layout transition, a
///   self-sizing or data invalidation, a single element's query): there
///   UIKit may hold the objects it was given for an animation between two
///   layouts, which the documentation does not say it copies, so an object
///   handed out then is never changed afterwards.
///
/// The objects live in a pool (their values beside them, compared as plain
/// values: no conversion to UIKit's types to decide), found through a small
/// open-addressing table keyed by the engine's element identity: no
/// `IndexPath` is made or hashed to find one (Foundation's `IndexPath`
/// allocates when made from its indexes, and hashes slowly on Linux). A
/// frame walks the last answer in order first (most elements of a frame are
/// the last frame's, in the same order), so the table is read only where
/// the order breaks and written only for elements seen for the first time.
@MainActor
@usableFromInline
struct ReusedAttributes {
  /// The values each pooled object was made from, by pool position.
  private var values: [LayoutAttributes] = []
  /// The pooled objects, by pool position.
  private var objects: [ScrollworkLayoutAttributes] = []
  /// Each pooled object's index path and kind name, by pool position: a
  /// changed element's new object takes them from here, without reading
  /// the old object (a retain and a release of it, atomic, and two calls
  /// through its class's table).
  private var identities: [(path: IndexPath, name: String?)] = []
  /// Where each pooled object is in `answer`, by pool position; -1 when it
  /// is not there.
  private var indexInAnswer: [Int32] = []
  /// Pool positions plus one by hash of the element identity; 0 is empty.
  /// Its size is a power of two, at least twice the pool's.
  private var table: [Int32] = []
  /// The last answer of `layoutAttributesForElements(in:)`, written in
  /// place (a new buffer only while UIKit still holds the last one). It
  /// holds the pool's current objects: `answer[i]` is
  /// `objects[answerPositions[i]]` (a single element's query that renews an
  /// object renews it here too).
  private(set) var answer: [UICollectionViewLayoutAttributes] = []
  /// The pool position of each element of `answer`.
  private var answerPositions: [Int32] = []
  /// The buffer the next answer's positions are built in (swapped).
  private var nextPositions: [Int32] = []

  @usableFromInline init() {}

  /// How many objects the pool holds.
  var pooledCount: Int { objects.count }

  /// Makes `answer` describe `elements`, in their order: the pooled object
  /// of each element whose values hold; for the others, their object with
  /// the new values when `inPlace`, else a new object. `made` is told of
  /// each new object's element. Returns whether `answer` changed (when
  /// not, it is the same array as before, holding the same objects with
  /// the same values).
  ///
  /// - Complexity: O(k) comparisons of values for an answer of k elements;
  ///   one table lookup per element out of the last answer's order, and an
  ///   insertion (and an allocation) per element seen for the first time.
  ///   When the pool holds more than four times the answer (plus 256), it
  ///   keeps only the answer's objects, O(pool), amortised O(1) per
  ///   element answered.
  @usableFromInline
  @discardableResult
  mutating func update(
    with elements: UnsafeBufferPointer<LayoutAttributes>, inPlace: Bool = false, made: @MainActor (ElementID) -> Void
  ) -> Bool {
    let n = elements.count
    // Read once a frame (each read of a static checks its one-time
    // initialisation).
    let words = Self.geometryWords
    let fields = Self.fieldsAreKnown
    // The elements that open the last answer with the same values, in the
    // same order, keep their objects where they are; all of them: a frame
    // of a layout whose attributes do not move with the scroll, between
    // rows coming in.
    let prefix = Self.matchingPrefix(elements, values, answerPositions, words, fields)
    if prefix == n, n == answerPositions.count { return false }
    let previousCount = answerPositions.count
    swap(&answerPositions, &nextPositions)
    // `nextPositions` now holds the last answer's positions (read below);
    // the new ones are written over the older buffer, the unchanged
    // opening first (`answer` holds its objects already).
    for i in 0..<prefix {
      if i < answerPositions.count {
        answerPositions[i] = nextPositions[i]
      } else {
        answerPositions.append(nextPositions[i])
      }
    }
    var cursor = prefix
    for i in prefix..<n {
      let id = elements[i].id
      var position = -1
      if cursor < previousCount {
        let p = Int(nextPositions[cursor])
        if values[p].id == id { position = p }
      }
      if position < 0 { position = Self.find(id, table, values) }
      if position >= 0 {
        let index = Int(indexInAnswer[position])
        if index >= 0 { cursor = index + 1 }
        if !Self.equal(elements, i, values, position, words, fields) {
          // The values are read where the host lends them (no copy but the
          // pool's).
          let e = elements.baseAddress! + i
          Self.store(e, at: position, in: &values)
          if inPlace {
            // A scroll frame: into the object UIKit has (it compares its
            // own copy with it).
            objects[position].apply(e)
          } else {
            // A new object (with the old one's index path and kind name,
            // kept beside it); the old one, which UIKit may hold, is left
            // as it is.
            let identity = identities[position]
            objects[position] = .make(e, at: identity.path, named: identity.name)
            made(id)
          }
        }
      } else {
        position = insert(elements[i])
        made(id)
      }
      if i < answer.count {
        // Written only when another object goes there (an element after a
        // change often keeps its object and its place).
        if answer[i] !== objects[position] { answer[i] = objects[position] }
      } else {
        answer.append(objects[position])
      }
      if i < answerPositions.count {
        answerPositions[i] = Int32(position)
      } else {
        answerPositions.append(Int32(position))
      }
    }
    if answer.count > n { answer.removeLast(answer.count - n) }
    if answerPositions.count > n { answerPositions.removeLast(answerPositions.count - n) }
    Self.reindex(&indexInAnswer, from: nextPositions, previousCount, to: answerPositions)
    if objects.count > 4 * n + 256 { prune() }
    return true
  }

  /// `values[position] = e.pointee`, copied once (the assignment copied
  /// the value to the stack first).
  @inline(__always)
  private nonisolated static func store(
    _ e: UnsafePointer<LayoutAttributes>, at position: Int, in values: inout [LayoutAttributes]
  ) {
    values.withUnsafeMutableBufferPointer { values in
      precondition(position >= 0 && position < values.count)
      (values.baseAddress! + position).update(from: e, count: 1)
    }
  }

  /// Marks the pool positions of the last answer (the first
  /// `previousCount` of `old`) out of the answer, then those of the new
  /// answer (`new`) at their places. Nonisolated: a main-actor closure
  /// handed to `withUnsafeMutableBufferPointer` checks its executor at run
  /// time.
  private nonisolated static func reindex(
    _ indexInAnswer: inout [Int32], from old: [Int32], _ previousCount: Int, to new: [Int32]
  ) {
    indexInAnswer.withUnsafeMutableBufferPointer { index in
      old.withUnsafeBufferPointer { old in
        for p in old[..<previousCount] { index[Int(p)] = -1 }
      }
      new.withUnsafeBufferPointer { new in
        for (i, p) in new.enumerated() { index[Int(p)] = Int32(i) }
      }
    }
  }

  /// Whether `elements[i]` equals `values[position]`.
  @inline(__always)
  private nonisolated static func equal(
    _ elements: UnsafeBufferPointer<LayoutAttributes>, _ i: Int, _ values: [LayoutAttributes], _ position: Int,
    _ words: Int, _ fields: Bool
  ) -> Bool {
    values.withUnsafeBufferPointer { values in
      same(elements.baseAddress! + i, values.baseAddress! + position, words, fields)
    }
  }

  /// How many of `elements`, from the first, equal the pooled values at
  /// `positions`, in order (at most the smaller count).
  private nonisolated static func matchingPrefix(
    _ elements: UnsafeBufferPointer<LayoutAttributes>, _ values: [LayoutAttributes], _ positions: [Int32],
    _ words: Int, _ fields: Bool
  ) -> Int {
    values.withUnsafeBufferPointer { values in
      positions.withUnsafeBufferPointer { positions in
        let count = Swift.min(elements.count, positions.count)
        var i = 0
        while i < count, same(elements.baseAddress! + i, values.baseAddress! + Int(positions[i]), words, fields) {
          i += 1
        }
        return i
      }
    }
  }

  /// The bytes of `LayoutAttributes` before `isHidden` (identity and
  /// geometry: 8-byte fields, no padding), in 8-byte words; 0 when the
  /// type is not laid out as `same(_:_:)` expects (then it uses `==`).
  private nonisolated static let geometryWords: Int = {
    let layout = MemoryLayout<LayoutAttributes>.self
    let align = MemoryLayout<AttributeExtras>.alignment
    // Nothing but `isHidden` between the words and the extras, nothing after.
    guard let hidden = layout.offset(of: \.isHidden), let extras = layout.offset(of: \.extras),
      hidden % 8 == 0, extras == (hidden + 1 + align - 1) / align * align,
      extras + MemoryLayout<AttributeExtras>.size == layout.size
    else { return 0 }
    return hidden / 8
  }()

  /// Whether `a` and `b` hold the same values: the `words` of identity and
  /// geometry compared as bits (a value copied unchanged from frame to
  /// frame has the same bits); when they match, `isHidden` and the extras
  /// decide. Otherwise the values are compared field by field when
  /// `fields` (`fieldsAreKnown`), else with `==`: that decides what the
  /// bits do not (equal values with other bits, such as -0 and 0), and a
  /// changed element's geometry usually differs in its first field. Padding
  /// bytes, which differ between equal values, are never read.
  @inline(__always)
  private nonisolated static func same(
    _ a: UnsafePointer<LayoutAttributes>, _ b: UnsafePointer<LayoutAttributes>, _ words: Int, _ fields: Bool
  ) -> Bool {
    if words > 0 {
      let x = UnsafeRawPointer(a)
      let y = UnsafeRawPointer(b)
      var difference: UInt64 = 0
      for w in 0..<words {
        difference |= x.load(fromByteOffset: 8 * w, as: UInt64.self) ^ y.load(fromByteOffset: 8 * w, as: UInt64.self)
      }
      // The same identity and geometry: the rest decides (compared once;
      // a frame of parallax changes only the extras).
      if difference == 0 { return a.pointee.isHidden == b.pointee.isHidden && a.pointee.extras == b.pointee.extras }
    }
    return fields ? equalFields(a, b) : a.pointee == b.pointee
  }

  /// Whether `LayoutAttributes` holds exactly the fields `equalFields`
  /// compares, in order and nothing else (each field right after the one
  /// before, the extras last): else `same(_:_:_:)` uses `==`.
  private nonisolated static let fieldsAreKnown: Bool = {
    typealias A = LayoutAttributes
    let layout = MemoryLayout<A>.self
    func after(_ offset: Int?, _ size: Int, _ next: Int?, _ align: Int) -> Bool {
      guard let offset, let next else { return false }
      return next == (offset + size + align - 1) / align * align
    }
    guard layout.offset(of: \A.id) == 0,
      after(0, MemoryLayout<ElementID>.size, layout.offset(of: \A.center), MemoryLayout<Point>.alignment),
      after(
        layout.offset(of: \A.center), MemoryLayout<Point>.size, layout.offset(of: \A.size), MemoryLayout<Size>.alignment
      ),
      after(
        layout.offset(of: \A.size), MemoryLayout<Size>.size, layout.offset(of: \A.transform),
        MemoryLayout<LayoutCore.AffineTransform>.alignment),
      after(
        layout.offset(of: \A.transform), MemoryLayout<LayoutCore.AffineTransform>.size, layout.offset(of: \A.alpha),
        MemoryLayout<Double>.alignment),
      after(layout.offset(of: \A.alpha), 8, layout.offset(of: \A.zIndex), MemoryLayout<Int>.alignment),
      after(layout.offset(of: \A.zIndex), MemoryLayout<Int>.size, layout.offset(of: \A.isHidden), 1),
      after(
        layout.offset(of: \A.isHidden), 1, layout.offset(of: \A.extras), MemoryLayout<AttributeExtras>.alignment),
      let extras = layout.offset(of: \A.extras), extras + MemoryLayout<AttributeExtras>.size == layout.size
    else { return false }
    return true
  }()

  /// `a == b`, field by field where the values are (`==` on the pointees
  /// copies both values first): the geometry, then the rest, the identity
  /// last (it is equal whenever the pool's lookup found the element).
  @inline(__always)
  private nonisolated static func equalFields(
    _ a: UnsafePointer<LayoutAttributes>, _ b: UnsafePointer<LayoutAttributes>
  ) -> Bool {
    a.pointee.center == b.pointee.center && a.pointee.size == b.pointee.size
      && a.pointee.transform == b.pointee.transform && a.pointee.alpha == b.pointee.alpha
      && a.pointee.zIndex == b.pointee.zIndex && a.pointee.isHidden == b.pointee.isHidden
      && a.pointee.extras == b.pointee.extras && a.pointee.id == b.pointee.id
  }

  /// The object for `attributes` (a single element's query): the pooled one
  /// when its values hold, else a new one, which replaces it in the pool.
  ///
  /// - Complexity: one table lookup and one comparison of values.
  mutating func object(for attributes: LayoutAttributes) -> (object: ScrollworkLayoutAttributes, isNew: Bool) {
    let position = Self.find(attributes.id, table, values)
    if position >= 0 {
      if values[position] == attributes { return (objects[position], false) }
      values[position] = attributes
      let identity = identities[position]
      objects[position] = withUnsafePointer(to: attributes) { .make($0, at: identity.path, named: identity.name) }
      // The last answer holds the pool's objects (`update` keeps its
      // unchanged opening in place, and returns it whole when nothing
      // changed): the new object takes the old one's place there too (a
      // new buffer if UIKit still holds the last answer, which keeps what
      // it was given).
      let index = Int(indexInAnswer[position])
      if index >= 0 { answer[index] = objects[position] }
      return (objects[position], true)
    }
    let made = insert(attributes)
    return (objects[made], true)
  }

  // MARK: The table

  /// A hash of the identity: item, section and category, mixed by
  /// multiplication (two elements of different kinds at one index path
  /// share a slot's neighbourhood: the probe tells them apart).
  @inline(__always)
  private nonisolated static func hash(_ id: ElementID) -> Int {
    var h = UInt64(UInt(bitPattern: id.item)) &* 0x9E37_79B9_7F4A_7C15
    h ^= UInt64(UInt(bitPattern: id.section)) &* 0xC2B2_AE3D_27D4_EB4F
    h ^= UInt64(id.kind.category.rawValue) &* 0x1656_67B1_9E37_79F9
    return Int(truncatingIfNeeded: h ^ (h >> 31))
  }

  /// The pool position of `id` in `table` over `values`, or -1.
  private nonisolated static func find(_ id: ElementID, _ table: [Int32], _ values: [LayoutAttributes]) -> Int {
    guard !table.isEmpty else { return -1 }
    let mask = table.count - 1
    return table.withUnsafeBufferPointer { table in
      values.withUnsafeBufferPointer { values in
        var slot = hash(id) & mask
        while table[slot] != 0 {
          let p = Int(table[slot]) - 1
          if values[p].id == id { return p }
          slot = (slot + 1) & mask
        }
        return -1
      }
    }
  }

  /// Adds `attributes` with a new object to the pool; its position.
  private mutating func insert(_ attributes: LayoutAttributes) -> Int {
    let position = values.count
    values.append(attributes)
    let made = ScrollworkLayoutAttributes.make(attributes)
    objects.append(made)
    identities.append((made.indexPath, made.representedElementKind))
    indexInAnswer.append(-1)
    if 2 * values.count > table.count {
      rehash()
    } else {
      place(position)
    }
    return position
  }

  /// Writes pool position `position` into the table.
  private mutating func place(_ position: Int) {
    let mask = table.count - 1
    var slot = Self.hash(values[position].id) & mask
    while table[slot] != 0 { slot = (slot + 1) & mask }
    table[slot] = Int32(position + 1)
  }

  /// Rebuilds the table for the pool, at least twice its size.
  private mutating func rehash() {
    var size = 16
    while size < 2 * values.count { size *= 2 }
    table = Array(repeating: 0, count: size)
    for position in values.indices { place(position) }
  }

  /// Keeps only the objects of the last answer.
  private mutating func prune() {
    var keptValues: [LayoutAttributes] = []
    var keptObjects: [ScrollworkLayoutAttributes] = []
    var keptIdentities: [(path: IndexPath, name: String?)] = []
    keptValues.reserveCapacity(answer.count)
    keptObjects.reserveCapacity(answer.count)
    keptIdentities.reserveCapacity(answer.count)
    var kept = Array(repeating: Int32(-1), count: values.count)
    for i in answerPositions.indices {
      let old = Int(answerPositions[i])
      if kept[old] < 0 {
        kept[old] = Int32(keptValues.count)
        keptValues.append(values[old])
        keptObjects.append(objects[old])
        keptIdentities.append(identities[old])
      }
      answerPositions[i] = kept[old]
    }
    values = keptValues
    objects = keptObjects
    identities = keptIdentities
    indexInAnswer = Array(repeating: -1, count: keptValues.count)
    for (i, p) in answerPositions.enumerated() { indexInAnswer[Int(p)] = Int32(i) }
    rehash()
  }
}
