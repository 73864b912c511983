import Testing

/// Runs the built `scrollwork`; its exit status and standard output.
private func scrollwork(_ arguments: [String]) throws -> (status: Int32, output: String) {
  let result = try runScrollwork(arguments)
  return (result.status, result.out)
}

@Suite struct AlbumCLITests {
  let photos = "4000x3000,3000x4000,4000x4000,1000x3000,3000x1000"

  @Test func inspectAlbumPagerPrintsThePageAndTheParallaxWidths() throws {
    let (status, output) = try scrollwork([
      "inspect", "album", "--viewport", "390x600", "--item-sizes", photos, "--offset", "195,0",
      "--preset", "photosLab",
    ])
    #expect(status == 0)
    #expect(output.contains(#""page":0,"fraction":0.5"#))
    // Photo 0 (390×292.5 fitted) is 50 pt narrower, photo 1 (390×520) too.
    #expect(output.contains(#""item":0,"center":[195,300],"size":[340,292.5]"#))
    #expect(output.contains(#""item":1,"center":[585,300],"size":[340,520]"#))
  }

  @Test func inspectAlbumStripFollowsOrLeads() throws {
    let follow = try scrollwork([
      "inspect", "album", "--surface", "strip", "--viewport", "390x44", "--item-sizes", photos, "--follow", "1,0",
    ])
    #expect(follow.status == 0)
    #expect(follow.output.contains(#""unfolded":[[1,1]],"centredThumbnail":1"#))
    let accordion = try scrollwork([
      "inspect", "album", "--surface", "strip", "--viewport", "390x44", "--item-sizes", photos, "--accordion", "2,0.5",
      "--offset=-100,0",
    ])
    #expect(accordion.status == 0)
    #expect(accordion.output.contains(#""offset":[-100,0]"#) && accordion.output.contains(#""unfolded":[[2,0.5]]"#))
    let neither = try scrollwork([
      "inspect", "album", "--surface", "strip", "--viewport", "390x44", "--item-sizes", photos,
    ])
    #expect(neither.status != 0)
  }

  @Test func simulateAlbumPrintsAFrameALineAndSettlesCentred() throws {
    let (status, output) = try scrollwork([
      "simulate", "album", "--viewport", "390x644", "--strip-height", "44", "--item-sizes", photos,
      "--script", "strip drag -40 0.3; strip hold 0.2; strip release; wait 1", "--fps", "60",
    ])
    #expect(status == 0)
    let lines = output.split(separator: "\n")
    #expect(lines.count == 90)
    #expect(lines.allSatisfy { $0.hasPrefix(#"{"time":"#) && $0.hasSuffix("]}") })
    let last = String(lines.last ?? "")
    #expect(last.contains(#""leader":"strip""#) && last.contains(#""progress":1,"accordion":"resting""#))
    #expect(lines.contains { $0.contains("strip.willBeginDragging") })
  }

  @Test func simulateRejectsAnUnknownTarget() throws {
    let (status, _) = try scrollwork([
      "simulate", "album", "--viewport", "390x644", "--item-sizes", photos, "--script", "thumbs drag 10 0.1",
    ])
    #expect(status != 0)
  }
}
