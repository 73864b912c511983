import ArgumentParser

/// Every layout's subcommands, in one place so that adding a layout is one
/// line here and one file in Layouts/.
enum LayoutCommands {
  static let inspect: [ParsableCommand.Type] = [
    InspectFlow.self,
    InspectAlbumPager.self,
    InspectAlbumStrip.self,
    InspectSticky.self,
    InspectCarousel.self,
    InspectProminent.self,
  ]

  static let simulate: [ParsableCommand.Type] = [
    SimulateFlow.self,
    SimulateAlbum.self,
    SimulateSticky.self,
    SimulateCarousel.self,
    SimulateProminent.self,
  ]
}
