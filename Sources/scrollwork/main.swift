/// Accepts `simulate --layout NAME …` as well as `simulate NAME …`.
func normalizedArguments(_ arguments: [String]) -> [String] {
  var args = arguments
  if let s = args.firstIndex(of: "simulate") ?? args.firstIndex(of: "inspect"),
    let l = args[(s + 1)...].firstIndex(where: { $0 == "--layout" || $0.hasPrefix("--layout=") })
  {
    if args[l].hasPrefix("--layout=") {
      let name = String(args[l].dropFirst("--layout=".count))
      args.remove(at: l)
      args.insert(name, at: s + 1)
    } else if l + 1 < args.count {
      let name = args[l + 1]
      args.removeSubrange(l...(l + 1))
      args.insert(name, at: s + 1)
    }
  }
  return args
}

Scrollwork.main(normalizedArguments(Array(CommandLine.arguments.dropFirst())))
