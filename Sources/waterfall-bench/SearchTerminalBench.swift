/// Placeholder: filled in below.
struct SearchTerminalBench {
  var path: String
  var waterfall: String
  var log: (String) -> Void

  func run(into report: inout Report) {}
}
