import Foundation
import Testing
import TestSupport

/// Every command that writes to standard output is honest about it (issue 30):
/// a full disk or a closed descriptor is one line on standard error and status
/// 2; a reader that is gone ends the command quietly by SIGPIPE (141), or, where
/// SIGPIPE is ignored, as a write error (one line, 2), as `--print` does.
@Suite struct HonestExitsEndToEndTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var command: [String]
    var output: String
    var testDescription: String { "\(command.joined(separator: " ")) → \(output)" }
  }

  /// Each command that prints, with output larger than a pipe holds where it can be.
  static let commands: [[String]] = [
    ["layout", "Data/shops", "--width", "80", "--all-pages"],
    ["render", "Data/shops", "--width", "2000", "--height", "200"],
    ["--help"],
    ["--version"],
    ["help", "render"],
    ["keys"],
  ]

  static let outputs = ["full disk", "closed", "closed pipe", "closed pipe, SIGPIPE ignored"]

  static let cases = commands.flatMap { command in outputs.map { Case(command: command, output: $0) } }

  @Test(arguments: cases)
  func writeErrorsAreToldAndClosedPipesEndQuietly(_ test: Case) throws {
    var program = Tmux.waterfall
    var arguments = test.command
    let output: ChildProcess.Output
    switch test.output {
    case "full disk": output = .path("/dev/full")
    case "closed": output = .closed
    case "closed pipe": output = .closedPipe
    default:
      output = .closedPipe
      (program, arguments) = ("/usr/bin/env", ["--ignore-signal=PIPE", Tmux.waterfall] + arguments)
    }
    let run = try Tmux.launch(program, arguments, input: nil, environment: ["LANG": "C.UTF-8"], output: output)
    let reason = ["full disk": "No space left on device", "closed": "Bad file descriptor"][test.output] ?? "Broken pipe"
    if test.output == "closed pipe" {
      #expect(run.status == 141, "ended by SIGPIPE: \(run.err)")
      #expect(run.err.isEmpty, "quietly")
    } else {
      #expect(run.status == 2, "\(run.err)")
      #expect(run.err == "waterfall: cannot write to standard output: \(reason)\n")
    }
  }

  /// The same commands into an open pipe or a file end 0: the checks cost nothing.
  @Test(arguments: commands)
  func aGoodOutputEndsZero(_ command: [String]) throws {
    let run = try Tmux.waterfall(command)
    #expect(run.status == 0, "\(run.err)")
    #expect(!run.out.isEmpty)
  }

  /// `--print` follows the same rule when its reader has gone (its write errors
  /// and the SIGPIPE-ignored pipe are in ReliabilityEndToEndTests).
  @Test func printIntoAClosedPipeEndsBySIGPIPE() throws {
    let folder = try Scratch.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("items.jsonl")
    try Data(#"{"title":"alpha"}"#.utf8 + [0x0A]).write(to: file)
    // `true` has ended long before Enter is pressed: the pipe has no reader.
    let tmux = try Tmux("{ waterfall --print \(Tmux.shellQuote(file.path)); echo W=$? >&2; } | true", width: 80, height: 20, name: "printsigpipe")
    _ = try tmux.waitFor(text: "alpha")
    try tmux.send("Enter")
    _ = try tmux.waitForExit()
    let screen = try tmux.capture().joined(separator: "\n")
    #expect(screen.contains("W=141"), "\(screen)")
    #expect(!screen.contains("waterfall:"), "quietly: \(screen)")
  }
}
