import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs the built `scrollwork` with `arguments`; returns its exit status and
/// standard output. The binary sits next to the test bundle.
private func scrollwork(_ arguments: [String]) throws -> (status: Int32, output: String) {
  var directory = CommandLine.arguments[0]
  while let last = directory.last, last != "/" { directory.removeLast() }
  while directory.hasSuffix(".xctest/") || directory.contains(".xctest/") {
    // Darwin runs tests inside a bundle: .build/debug/X.xctest/Contents/MacOS/X.
    directory.removeLast()
    while let last = directory.last, last != "/" { directory.removeLast() }
  }
  let path = directory + "scrollwork"
  var fds: [Int32] = [0, 0]
  guard fds.withUnsafeMutableBufferPointer({ pipe($0.baseAddress!) }) == 0 else {
    throw SpawnError(message: "pipe failed")
  }
  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
  posix_spawn_file_actions_addclose(&actions, fds[0])
  let argv = ([path] + arguments).map { strdup($0) } + [nil]
  defer { argv.forEach { free($0) } }
  var pid = pid_t()
  guard posix_spawn(&pid, path, &actions, nil, argv, environ) == 0 else {
    throw SpawnError(message: "cannot run \(path)")
  }
  close(fds[1])
  var bytes: [UInt8] = []
  var buffer = [UInt8](repeating: 0, count: 65536)
  while true {
    let n = read(fds[0], &buffer, buffer.count)
    if n <= 0 { break }
    bytes.append(contentsOf: buffer[0..<n])
  }
  close(fds[0])
  var status: Int32 = 0
  waitpid(pid, &status, 0)
  return ((status >> 8) & 0xff, String(decoding: bytes, as: UTF8.self))
}

private struct SpawnError: Error { var message: String }

@Suite struct AlbumCLITests {
  let photos = "4000x3000,3000x4000,4000x4000,1000x3000,3000x1000"

  @Test func inspectAlbumPagerPrintsThePageAndTheParallaxWidths() throws {
    let (status, output) = try scrollwork([
      "inspect", "album-pager", "--viewport", "390x600", "--item-sizes", photos, "--offset", "195,0",
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
      "inspect", "album-strip", "--viewport", "390x44", "--item-sizes", photos, "--follow", "1,0",
    ])
    #expect(follow.status == 0)
    #expect(follow.output.contains(#""unfolded":[[1,1]],"centredThumbnail":1"#))
    let accordion = try scrollwork([
      "inspect", "album-strip", "--viewport", "390x44", "--item-sizes", photos, "--accordion", "2,0.5",
      "--offset=-100,0",
    ])
    #expect(accordion.status == 0)
    #expect(accordion.output.contains(#""offset":[-100,0]"#) && accordion.output.contains(#""unfolded":[[2,0.5]]"#))
    let neither = try scrollwork(["inspect", "album-strip", "--viewport", "390x44", "--item-sizes", photos])
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
