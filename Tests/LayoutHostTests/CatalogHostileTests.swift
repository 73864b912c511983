import LayoutCore
import LayoutHost
import Testing
import ScrollworkTestSupport

/// The catalog's hostile mode, which the layout fuzzer draws from: hostile
/// values do come out, the ordinary mode never gives one, and every layout's
/// hostile configurations prepare or are refused with an error (never a
/// trap), with finite answers when they prepare.
@Suite struct CatalogHostileTests {
  @Test func hostileDrawsAppearOnlyInHostileMode() {
    var hostile = SplitMix64(seed: 7, hostile: true)
    var plain = SplitMix64(seed: 7)
    var nonFinite = 0
    var outOfRange = 0
    for _ in 0..<4000 {
      let d = hostile.double(in: 0...10)
      if !d.isFinite { nonFinite += 1 }
      let c = hostile.count(in: 1...6)
      if !(1...6).contains(c) { outOfRange += 1 }
      let p = plain.double(in: 0...10)
      #expect((0...10).contains(p))
      #expect((1...6).contains(plain.count(in: 1...6)))
    }
    #expect(nonFinite > 0 && outOfRange > 0)
  }

  @Test(arguments: RandomLayouts.all.map(\.name))
  func hostileConfigurationsPrepareOrAreRefused(_ name: String) throws {
    let layout = try #require(RandomLayouts.layout(named: name))
    var random = SplitMix64(seed: 11, hostile: true)
    var prepared = 0
    var refused = 0
    for _ in 0..<60 {
      let drawn = layout.random(&random)
      var host = drawn.host
      do throws(HostError) {
        try host.prepare(bounds: drawn.bounds, counts: drawn.counts.map { $0 > 3000 && $0 <= 1 << 40 ? 3000 : $0 })
        prepared += 1
        #expect(host.contentSize.isFinite, "\(drawn)")
        for a in host.elements(in: host.bounds) { #expect(a.isFinite, "\(drawn): \(a.id)") }
      } catch {
        refused += 1
        #expect(!error.description.isEmpty)
      }
    }
    #expect(prepared > 0, "\(name): no hostile configuration prepared")
  }
}
