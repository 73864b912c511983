import CRasterShim
import Dispatch
import Foundation
import Raster
import Synchronization
import Testing

/// `DecodeBudget`: the working memory of all decoders together is bounded,
/// not only each decode's (issue #36): a progressive JPEG past the memory a
/// decode takes unasked waits for room in a shared budget instead of being
/// refused, and decodes that would pass the budget together run one after
/// another.
@Suite struct SharedDecodeBudgetTests {
  /// 3000×2400 progressive 4:2:0: about 21 MB of coefficients, more than a
  /// decode takes without reserving.
  static let progressive: [UInt8] = Fixtures.jpeg(width: 3000, height: 2400, progressive: true)
  static let baseline: [UInt8] = Fixtures.jpeg(width: 3000, height: 2400, progressive: false)
  static let thumb = PixelSize(width: 375, height: 300)

  @Test func aProgressiveJPEGPastTheUnreservedMemoryReservesIt() throws {
    let budget = DecodeBudget(totalBytes: 64 << 20)
    let decoder = ImageDecoder(budget: budget)
    #expect(decoder.maximumDecodeBytes == 64 << 20, "one decode never takes more than the budget")
    let image = try decoder.decode(Self.progressive, atLeast: Self.thumb)
    #expect(image.width == 375 && image.height == 300)
    #expect(budget.peakReserved > DecodeBudget.unreservedBytes && budget.peakReserved <= 64 << 20)
    // A baseline JPEG reads rows: nothing reserved, it never waits.
    let rows = DecodeBudget(totalBytes: 64 << 20)
    #expect(try ImageDecoder(budget: rows).decode(Self.baseline, atLeast: Self.thumb).width == 375)
    #expect(rows.peakReserved == 0)
    // A budget too small for the coefficients refuses, naming itself.
    let small = ImageDecoder(budget: DecodeBudget(totalBytes: 16 << 20))
    do {
      _ = try small.decode(Self.progressive, atLeast: Self.thumb)
      Issue.record("the coefficients do not fit 16 MiB")
    } catch {
      guard case .overBudget(let needed?, let limit) = error else {
        Issue.record("\(error)")
        return
      }
      #expect(limit == 16 << 20 && needed > 24 << 20 && needed < 40 << 20, "coefficients and 8 MiB: \(needed)")
    }
  }

  @Test func decodesThatDoNotFitTogetherRunOneAfterAnother() throws {
    // Each decode reserves its ~21 MB of coefficients and 8 MiB more: two
    // do not fit in 40 MiB.
    let budget = DecodeBudget(totalBytes: 40 << 20)
    let decoder = ImageDecoder(budget: budget)
    let widths = Mutex<[Int]>([])
    DispatchQueue.concurrentPerform(iterations: 4) { _ in
      let width = (try? decoder.decode(Self.progressive, atLeast: Self.thumb))?.width ?? -1
      widths.withLock { $0.append(width) }
    }
    #expect(widths.withLock { $0 } == [375, 375, 375, 375], "every decode waited its turn, none was refused")
    #expect(budget.peakReserved > 20 << 20 && budget.peakReserved <= 40 << 20)
    #expect(budget.reservedBytes == 0, "every reservation was given back")
  }

  @Test func aReservationWaitsForRoom() {
    let budget = DecodeBudget(totalBytes: 10 << 20)
    let order = Mutex<[String]>([])
    let held = DispatchSemaphore(value: 0)
    let done = DispatchGroup()
    DispatchQueue.global().async(group: done) {
      budget.withReservation(8 << 20) {
        held.signal()
        Thread.sleep(forTimeInterval: 0.2)
        order.withLock { $0.append("first ends") }
      }
    }
    held.wait()
    budget.withReservation(4 << 20) { order.withLock { $0.append("second runs") } }
    done.wait()
    #expect(order.withLock { $0 } == ["first ends", "second runs"])
    #expect(budget.peakReserved == 8 << 20)
    // More than the whole budget is clamped to it (callers refuse it first).
    budget.withReservation(1 << 40) {}
    #expect(budget.peakReserved == 10 << 20)
  }
}
