// waterfall-bench: the figures `make bench` prints and the README quotes.
//
//   waterfall-bench [--json] [--quick] [--only GROUP]
//
// Run it from a release build (`make bench`); a debug build measures the debugger's
// checks, not the code.
#if canImport(Glibc)
  import Glibc
#endif

let arguments = CommandLine.arguments.dropFirst()
let wantsJSON = arguments.contains("--json")
let quick = arguments.contains("--quick")
let only = arguments.firstIndex(of: "--only").flatMap { i in
  arguments.index(after: i) < arguments.endIndex ? arguments[arguments.index(after: i)] : nil
}

var report = Report(machine: MachineDescription.current())
func wanted(_ group: String) -> Bool { only == nil || only == group }

if wanted("layout") { LayoutBench.run(into: &report, quick: quick) }
if wanted("view") { ViewBench.run(into: &report, quick: quick) }

if wantsJSON {
  print(report.json())
} else {
  print("waterfall-bench on \(report.machine)\n")
  print(report.table())
}
