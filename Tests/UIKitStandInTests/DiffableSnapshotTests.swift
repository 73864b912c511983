#if !canImport(UIKit)
  import Testing
  import UIKitStandIn

  @MainActor @Suite struct DiffableSnapshotTests {
    typealias Snapshot = NSDiffableDataSourceSnapshot<String, Int>

    func make() -> Snapshot {
      var snapshot = Snapshot()
      snapshot.appendSections(["a", "b"])
      snapshot.appendItems([1, 2, 3], toSection: "a")
      snapshot.appendItems([4, 5])
      return snapshot
    }

    @Test func queriesAnswerAsUIKit() {
      let snapshot = make()
      #expect(snapshot.numberOfSections == 2 && snapshot.numberOfItems == 5)
      #expect(snapshot.sectionIdentifiers == ["a", "b"])
      #expect(snapshot.itemIdentifiers == [1, 2, 3, 4, 5])
      #expect(snapshot.itemIdentifiers(inSection: "b") == [4, 5])
      #expect(snapshot.itemIdentifiers(inSection: "z") == [])
      #expect(snapshot.numberOfItems(inSection: "a") == 3 && snapshot.numberOfItems(inSection: "z") == 0)
      #expect(snapshot.sectionIdentifier(containingItem: 4) == "b")
      #expect(snapshot.sectionIdentifier(containingItem: 9) == nil)
      #expect(snapshot.indexOfItem(5) == 4 && snapshot.indexOfItem(2) == 1 && snapshot.indexOfItem(9) == nil)
      #expect(snapshot.indexOfSection("b") == 1 && snapshot.indexOfSection("z") == nil)
    }

    @Test func itemEditsKeepOrderAndSections() throws {
      var snapshot = make()
      try catchingUIKitExceptions {
        snapshot.insertItems([10, 11], beforeItem: 4)
        snapshot.insertItems([12], afterItem: 3)
        snapshot.moveItem(1, afterItem: 5)
        snapshot.moveItem(2, beforeItem: 2)  // next to itself: nothing
        snapshot.deleteItems([3, 99])
      }
      #expect(snapshot.itemIdentifiers(inSection: "a") == [2, 12])
      #expect(snapshot.itemIdentifiers(inSection: "b") == [10, 11, 4, 5, 1])
      #expect(snapshot.sectionIdentifier(containingItem: 1) == "b")
      #expect(snapshot.numberOfItems == 7)
      snapshot.deleteAllItems()
      #expect(snapshot.numberOfSections == 0 && snapshot.numberOfItems == 0)
    }

    @Test func sectionEditsCarryTheirItems() throws {
      var snapshot = make()
      try catchingUIKitExceptions {
        snapshot.insertSections(["c"], beforeSection: "a")
        snapshot.insertSections(["d"], afterSection: "a")
        snapshot.moveSection("c", afterSection: "b")
        snapshot.appendItems([7], toSection: "d")
        snapshot.moveSection("b", beforeSection: "a")
      }
      #expect(snapshot.sectionIdentifiers == ["b", "a", "d", "c"])
      #expect(snapshot.itemIdentifiers == [4, 5, 1, 2, 3, 7])
      #expect(snapshot.indexOfItem(7) == 5)
      snapshot.deleteSections(["a", "zz"])
      #expect(snapshot.sectionIdentifiers == ["b", "d", "c"])
      #expect(snapshot.itemIdentifiers == [4, 5, 7])
      #expect(snapshot.sectionIdentifier(containingItem: 1) == nil)
    }

    @Test func reloadAndReconfigureMarksAreKeptOnceAndDroppedWithTheirItems() throws {
      var snapshot = make()
      try catchingUIKitExceptions {
        snapshot.reconfigureItems([2, 4, 2])
        snapshot.reloadItems([5])
        snapshot.reloadSections(["a"])
      }
      #expect(snapshot.reconfiguredItemIdentifiers == [2, 4])
      #expect(snapshot.reloadedItemIdentifiers == [5])
      #expect(snapshot.reloadedSectionIdentifiers == ["a"])
      snapshot.deleteItems([4])
      snapshot.deleteSections(["a"])
      #expect(snapshot.reconfiguredItemIdentifiers == [])
      #expect(snapshot.reloadedSectionIdentifiers == [])
      #expect(snapshot.reloadedItemIdentifiers == [5])
    }

    @Test func duplicateItemsRaiseUIKitsExceptionAndChangeNothing() {
      var snapshot = make()
      let before = snapshot.itemIdentifiers
      #expect(
        throws: UIKitException(
          name: UIKitException.internalInconsistency,
          reason: "Fatal: supplied item identifiers are not unique. Duplicate identifiers: {(\n    7\n)}")
      ) {
        try catchingUIKitExceptions { snapshot.appendItems([7, 8, 7]) }
      }
      #expect(
        throws: UIKitException(
          name: UIKitException.internalInconsistency,
          reason: "Fatal: supplied item identifiers are not unique. Duplicate identifiers: {(\n    2,\n    5\n)}")
      ) {
        try catchingUIKitExceptions { snapshot.insertItems([2, 9, 5], beforeItem: 1) }
      }
      #expect(snapshot.itemIdentifiers == before)
    }

    @Test func duplicateSectionsRaiseTheSectionsVariant() {
      var snapshot = Snapshot()
      #expect(
        throws: UIKitException(
          name: UIKitException.internalInconsistency,
          reason: "Fatal: supplied section identifiers are not unique. Duplicate identifiers: {(\n    x\n)}")
      ) {
        try catchingUIKitExceptions { snapshot.appendSections(["x", "y", "x"]) }
      }
      #expect(snapshot.numberOfSections == 0)
      let quoted = #"Fatal: supplied section identifiers are not unique. Duplicate identifiers: {(\#n    "a b"\#n)}"#
      #expect(throws: UIKitException(name: UIKitException.internalInconsistency, reason: quoted)) {
        try catchingUIKitExceptions { snapshot.appendSections(["a b", "a b"]) }
      }
    }

    @Test func missingIdentifiersRaise() throws {
      var snapshot = Snapshot()
      let noSection = try #require(
        throws: UIKitException.self, performing: { try catchingUIKitExceptions { snapshot.appendItems([1]) } })
      #expect(noSection.reason == "There are currently no sections in the data source. Please add a section first.")
      snapshot = make()
      let calls: [(inout Snapshot) -> Void] = [
        { $0.insertItems([9], beforeItem: 42) },
        { $0.moveItem(42, afterItem: 1) },
        { $0.moveItem(1, afterItem: 42) },
        { $0.reloadItems([42]) },
        { $0.reconfigureItems([42]) },
        { $0.appendItems([9], toSection: "z") },
        { $0.insertSections(["c"], afterSection: "z") },
        { $0.moveSection("z", beforeSection: "a") },
        { $0.reloadSections(["z"]) },
      ]
      for call in calls {
        var copy = snapshot
        #expect(throws: UIKitException.self) { try catchingUIKitExceptions { call(&copy) } }
        #expect(copy.itemIdentifiers == snapshot.itemIdentifiers)
        #expect(copy.sectionIdentifiers == snapshot.sectionIdentifiers)
      }
      let reconfigure = try #require(
        throws: UIKitException.self,
        performing: { try catchingUIKitExceptions { snapshot.reconfigureItems([42]) } })
      #expect(
        reconfigure.reason == "Attempted to reconfigure item identifier that does not exist in the snapshot: 42")
    }
  }
#endif
