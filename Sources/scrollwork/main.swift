/// Accepts `simulate --layout NAME …` as well as `simulate NAME …`, and
/// negative numbers after an option (`--offset -100,0`), which the argument
/// parser would otherwise read as an option of their own.
func normalizedArguments(_ arguments: [String]) -> [String] {
  var args: [String] = []
  var i = 0
  while i < arguments.count {
    let arg = arguments[i]
    if arg.hasPrefix("--"), !arg.contains("="), i + 1 < arguments.count, isNegativeNumber(arguments[i + 1]) {
      args.append(arg + "=" + arguments[i + 1])
      i += 2
    } else {
      args.append(arg)
      i += 1
    }
  }
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

/// `-12`, `-0.5`, `-100,0`, `-3x4`: a value, not an option.
func isNegativeNumber(_ text: String) -> Bool {
  guard text.count > 1, text.first == "-" else { return false }
  let second = text[text.index(after: text.startIndex)]
  return second.isNumber || second == "."
}

Scrollwork.main(normalizedArguments(Array(CommandLine.arguments.dropFirst())))
