import GestureScripting
import LayoutCatalog
import LayoutCore
import PhotoGrid
import Raster
import ScrollPhysics

// MARK: - Scene

/// The photo grid scene: the session plus the photos and section titles.
package struct PhotosScene: Scene, GestureForwarding {
  /// The demo: a scroll, the modes, pinches and an insert.
  package static let demoScript =
    "drag 0,-320 0.3; release; wait 1.0; mode months 0.45; wait 0.9; mode all 0.45; wait 0.6; mode columns:3 0.35;"
    + " wait 0.4; pinch 0.6 0.3; wait 0.6; pinch 1.8 0.3; wait 0.6; pinch 2 0.3; wait 0.7; insert 6 at 0; wait 0.8"

  package var session: PhotoGridSession
  package var driven: PhotoGridSession {
    get { session }
    set { session = newValue }
  }
  package private(set) var context: SceneContext
  /// Section titles by section identity.
  package private(set) var titles: [String]
  /// Summary card titles (a day) by section identity.
  package private(set) var days: [String]
  /// The photo of each item identity (identities past it, from a script's
  /// `insert`, cycle through the photos).
  package private(set) var photosByID: [Photo]
  /// Whether the photos repeat to fill 48 cells (a small folder).
  package let isPadded: Bool

  /// The fewest cells the scene shows: fewer photos repeat.
  package static let minimumCells = 48

  package init(layout: PhotoGridLayout, context: SceneContext) throws {
    let groups = PhotoSections.group(context.photos)
    // At least 48 photos: the photos repeat when there are fewer.
    var counts = groups.map(\.photos.count)
    var titles = groups.map(\.title)
    var days = groups.map(\.day)
    var order = groups.flatMap(\.photos)
    var total = order.count
    isPadded = total < Self.minimumCells
    while total < Self.minimumCells {
      let n = Swift.min(12, Self.minimumCells - total)
      counts.append(n)
      titles.append("More photos")
      days.append("More photos")
      order += (total..<(total + n)).map { $0 % Swift.max(1, context.photos.count) }
      total += n
    }
    self.titles = titles
    self.days = days
    photosByID = order.map { context.photo($0) }
    self.context = context
    session = try PhotoGridSession(
      layout: layout, counts: counts, photoSize: DefaultItemSizes.cameraPhoto,
      viewport: Viewport(size: context.size, scale: context.scale), offset: .zero)
  }

  /// Shows `photos` instead (the folder changed), animated by identity:
  /// photos already shown keep theirs (matched by name), so new photos and
  /// months fade in at their places, those gone fade out, the rest move;
  /// the first photo on screen keeps its place when it stays. Returns
  /// `false`, changing nothing, when it cannot animate (a small folder
  /// whose photos repeat before or after): the caller rebuilds the scene.
  ///
  /// `groups`, when given, is `PhotoSections.group(photos)` worked out
  /// beforehand (on another thread: it is the sort).
  ///
  /// - Complexity: O(n log n) for n photos (grouping, then comparing the
  ///   identities): for a change of folder, not a frame.
  package mutating func replacePhotos(
    _ photos: [Photo], at time: Double, groups: [PhotoSections.Group]? = nil
  ) -> Bool {
    guard
      let plan = Self.plan(photos, groups: groups ?? PhotoSections.group(photos), basis: replacementBasis)
    else { return false }
    return replacePhotos(plan, at: time)
  }

  /// What `plan(_:groups:basis:)` needs from the scene: copies that share
  /// the scene's storage (taken on the frame's thread in O(1)).
  package struct ReplacementBasis: Sendable {
    let library: PhotoIdentities
    let photosByID: [Photo]
    let titles: [String]
    let days: [String]
    let firstUnusedIdentity: Int
    let firstUnusedSectionIdentity: Int
    let isPadded: Bool
  }

  /// A replacement of the scene's photos worked out ahead: new identities,
  /// titles and the identity diff (`PreparedLibraryChange`).
  package struct Replacement: Sendable {
    let photos: [Photo]
    let titles: [String]
    let days: [String]
    let photosByID: [Photo]
    let change: PreparedLibraryChange
  }

  /// The scene as `plan(_:groups:basis:)` starts from.
  package var replacementBasis: ReplacementBasis {
    var counters = session
    return ReplacementBasis(
      library: session.library, photosByID: photosByID, titles: titles, days: days,
      firstUnusedIdentity: counters.unusedIdentity(), firstUnusedSectionIdentity: counters.unusedSectionIdentity(),
      isPadded: isPadded)
  }

  /// The replacement of `basis`'s photos by `photos`, grouped as `groups`
  /// (`PhotoSections.group(photos)`): a pure function, for another thread.
  /// `nil` when it cannot animate (a small folder whose photos repeat).
  ///
  /// - Complexity: O(n + m) for the photos before and after, plus the
  ///   identity diff (`PreparedLibraryChange`).
  package static func plan(
    _ photos: [Photo], groups: [PhotoSections.Group], basis: ReplacementBasis
  ) -> Replacement? {
    guard !basis.isPadded, photos.count >= Self.minimumCells else { return nil }
    var identityOfName: [String: Int] = [:]
    for section in basis.library.sections {
      for run in section.runs {
        for id in run where id < basis.photosByID.count { identityOfName[basis.photosByID[id].name] = id }
      }
    }
    var sectionOfTitle: [String: Int] = [:]
    for section in basis.library.sections where basis.titles.indices.contains(section.id) {
      sectionOfTitle[basis.titles[section.id]] = section.id
    }
    var nextID = basis.firstUnusedIdentity
    var nextSectionID = basis.firstUnusedSectionIdentity
    var newTitles = basis.titles
    var newDays = basis.days
    var byID = basis.photosByID
    var sections: [LibrarySnapshot<Int, Int>.Section] = []
    for group in groups {
      let sectionID: Int
      if let kept = sectionOfTitle.removeValue(forKey: group.title) {
        sectionID = kept
      } else {
        sectionID = nextSectionID
        nextSectionID += 1
      }
      while newTitles.count <= sectionID {
        newTitles.append("")
        newDays.append("")
      }
      newTitles[sectionID] = group.title
      newDays[sectionID] = group.day
      let items = group.photos.map { index -> Int in
        let photo = photos[index]
        if let id = identityOfName.removeValue(forKey: photo.name) {
          byID[id] = photo
          return id
        }
        let id = nextID
        nextID += 1
        while byID.count <= id { byID.append(photo) }
        byID[id] = photo
        return id
      }
      sections.append(.init(id: sectionID, items: items))
    }
    return Replacement(
      photos: photos, titles: newTitles, days: newDays, photosByID: byID,
      change: PreparedLibraryChange(from: basis.library, to: LibrarySnapshot(sections: sections)))
  }

  /// Shows `plan`'s photos (see `replacePhotos(_:at:groups:)`). A plan
  /// worked out from another library than the scene's is refused
  /// (`false`, nothing changed): its identities would not match.
  ///
  /// - Complexity: O(n) for the n photos after, plus the grid's prepare.
  package mutating func replacePhotos(_ plan: Replacement, at time: Double) -> Bool {
    guard plan.change.basis == session.library else { return false }
    let anchor = firstPhotoOnScreen().map { Point(x: $0.center.x, y: $0.center.y) - session.contentOffset }
    var next = session
    do {
      try next.replaceLibrary(plan.change, at: time, anchoredAt: anchor)
    } catch {
      return false
    }
    session = next
    titles = plan.titles
    days = plan.days
    photosByID = plan.photosByID
    context.photos = plan.photos
    return true
  }

  /// The first cell on screen (top row first, then leading), at rest.
  package func firstPhotoOnScreen() -> LayoutAttributes? {
    let top = session.contentOffset.y
    return session.visibleAttributes.filter { $0.id.kind == .cell && $0.frame.maxY > top }.min {
      ($0.frame.minY, $0.frame.minX) < ($1.frame.minY, $1.frame.minX)
    }
  }

  /// The mode after `mode` for the viewer's M key: All Photos → Months →
  /// 3 columns → 5 columns → All Photos.
  package static func nextMode(after mode: PhotoGridLayout.Mode) -> PhotoGridLayout.Mode {
    switch mode {
    case .allPhotos: .months
    case .months: .columns(3)
    case .columns(3): .columns(5)
    case .columns: .allPhotos
    }
  }

  /// The viewer's M key: animates to the next mode (`nextMode(after:)`)
  /// from the time of the last `advance`.
  package mutating func cycleMode() {
    let next = Self.nextMode(after: session.mode)
    try? session.setMode(next, duration: 0.35, at: session.time)
  }

  /// Shows `mode` at `offset` at once, at time 0: a rebuilt scene (the
  /// viewer's rotate or resize) keeps the mode and place of the old one.
  package mutating func show(mode: PhotoGridLayout.Mode, offset: Point) {
    if mode != session.mode {
      try? session.setMode(mode, duration: 0, at: 0)
      session.advance(to: 0)
    }
    session.setContentOffset(offset, animated: false, at: 0)
  }

  /// The frame of the first cell showing the photo named `name` at rest,
  /// or `nil` when no cell shows it.
  ///
  /// - Complexity: O(n) over the photos (for a change of folder, not a frame).
  package func frame(ofPhotoNamed name: String) -> Rect? {
    guard let id = photosByID.firstIndex(where: { $0.name == name }) else { return nil }
    for (s, section) in session.library.sections.enumerated() {
      var start = 0
      for run in section.runs {
        if run.contains(id) {
          return session.animator.grid.attributes(
            for: .cell(start + id - run.lowerBound, section: s), at: ScrollState())?.frame
        }
        start += run.count
      }
    }
    return nil
  }

  /// The photo shown for item identity `id` (new identities cycle).
  package func photo(_ id: Int) -> Photo {
    id >= 0 && id < photosByID.count ? photosByID[id] : context.photo(id)
  }

  package func layers() -> [SceneLayer] {
    let scene = self
    let session = self.session
    func text(_ list: [String], _ a: LayoutAttributes) -> String {
      guard let id = session.sectionID(of: a), list.indices.contains(id) else { return "" }
      return list[id]
    }
    return [
      SceneLayer(
        region: Rect(origin: .zero, size: context.size), contentOffset: session.contentOffset,
        elements: session.visibleAttributes,
        photo: { a in session.photoID(of: a).map { scene.photo($0) } },
        style: { a in
          if a.id.kind == .cell {
            guard a.extras.styleProgress > 0 else { return ElementStyle() }
            let count = session.photoCount(inSection: a.id.section)
            return ElementStyle(
              summaryTitle: text(scene.days, a), summaryDetail: count == 1 ? "1 photo" : "\(count) photos")
          }
          return ElementStyle(
            fill: Color(hex: 0x000000, alpha: 0.86), label: text(scene.titles, a), labelSize: 17,
            labelPlacement: .bottomLeading)
        },
        background: Color(hex: 0x000000), centerLine: false, indexLabels: context.debug)
    ]
  }
}

/// The user's photos in sections: by EXIF capture month when photos have
/// a capture date (`DateTimeOriginal`; photos without one come last, in
/// name order), else twelve to a section, in name order.
package enum PhotoSections {
  package struct Group: Equatable, Sendable {
    /// The header's title (`March 2024`).
    package var title: String
    /// The summary card's title (the first photo's day, `12 March 2024`).
    package var day: String
    /// Indices into the photos, in the section's order.
    package var photos: [Int]

    /// Memberwise, for the other targets of the tool's package.
    package init(title: String, day: String, photos: [Int]) {
      self.title = title
      self.day = day
      self.photos = photos
    }
  }

  /// Groups `photos` into sections by the dates `date` gives (by default
  /// the capture date the library's index read: no file is opened here).
  ///
  /// - Complexity: O(n log n).
  package static func group(_ photos: [Photo], date: (Photo) -> EXIFDate? = { $0.date }) -> [Group] {
    let dates = photos.map(date)
    guard dates.contains(where: { $0 != nil }) else {
      return stride(from: 0, to: photos.count, by: 12).map { start in
        let n = Swift.min(12, photos.count - start)
        let title = "Photos \(start + 1)–\(start + n)"
        return Group(title: title, day: title, photos: Array(start..<(start + n)))
      }
    }
    // Dated photos by date (then by name order), then the undated ones.
    let order = photos.indices.sorted { l, r in
      switch (dates[l], dates[r]) {
      case (let a?, let b?): a != b ? a < b : l < r
      case (.some, nil): true
      case (nil, .some): false
      case (nil, nil): l < r
      }
    }
    var groups: [Group] = []
    var key: (Int, Int)?? = .none
    for index in order {
      let d = dates[index]
      let k = d.map { ($0.year, $0.month) }
      if let last = key, last.map({ [$0.0, $0.1] }) == k.map({ [$0.0, $0.1] }) {
        groups[groups.count - 1].photos.append(index)
      } else {
        groups.append(Group(title: d?.monthTitle ?? "Undated", day: d?.dayTitle ?? "Undated", photos: [index]))
        key = .some(k)
      }
    }
    return groups
  }
}

extension SceneEntry {
  package static func photoLibrary(
    _ layout: PhotoGridLayout, name: String, preset: String
  ) -> SceneEntry {
    SceneEntry(
      name: name, layout: LayoutCatalog.photos.name, preset: preset,
      title: "Photo library (photo grid, \(preset) preset)",
      summary: "All Photos, a scroll, Months and back, then a pinch from three columns to five, to three and to one,"
        + " then new photos arrive above the one in view: every change animates by identity and the view stays put.",
      demoScript: PhotosScene.demoScript,
      make: { context in try PhotosScene(layout: layout, context: context) })
  }
}
