import ArgumentParser
import LayoutCatalog
import ToolOutput

/// `scrollwork layouts`: the layout catalog, printed (what scripts such as
/// `Scripts/campaign.py` read instead of keeping their own lists).
struct Layouts: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "List the layouts: their names, presets (the default first), guides and whether they take estimates.",
    discussion: """
      With --json, one JSON object per line: {"name", "summary", "guide", "presets":[…], \
      "defaultPreset", "takesEstimates", "horizontal"}.

      Example: scrollwork layouts --json
      """)

  @Flag(help: "One JSON object per layout, one per line.")
  var json = false

  func run() {
    for layout in LayoutCatalog.all {
      if json {
        var o = JSONObject()
        o.add("name", layout.name)
        o.add("summary", layout.summary)
        o.add("guide", "Guides/" + layout.guide)
        o.add("presets", raw: "[" + layout.presetNames.map(JSONWriter.string).joined(separator: ",") + "]")
        o.add("defaultPreset", layout.defaultPreset.name)
        o.add("takesEstimates", layout.takesEstimates)
        o.add("horizontal", layout.isHorizontal)
        print(o.text)
      } else {
        print("\(layout.name): \(layout.summary)")
        print("  presets: \(layout.presetNames.joined(separator: ", ")) (default \(layout.defaultPreset.name))")
        print("  estimates: \(layout.takesEstimates ? "yes" : "no"); guide: Guides/\(layout.guide)")
      }
    }
  }
}
