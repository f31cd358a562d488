import Foundation
import TestSupport
import Testing

/// The README's screen captures are what the program draws today.
///
/// A capture in README.md is a fenced block right after a marker naming the
/// `waterfall render` arguments that produce it:
///
/// ````
/// <!-- render: Data/shops --width 80 --height 24 -->
/// ```
/// …the screen…
/// ```
/// ````
@Suite struct ReadmeTests {
  struct Capture {
    var arguments: [String]
    var lines: [String]
  }

  /// Every marked capture in `readme`.
  static func captures(in readme: String) -> [Capture] {
    let lines = readme.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var captures: [Capture] = []
    for (index, line) in lines.enumerated() where line.hasPrefix("<!-- render: ") && line.hasSuffix(" -->") {
      let arguments = words(String(line.dropFirst("<!-- render: ".count).dropLast(" -->".count)))
      let body = lines[(index + 1)...]
      guard body.first == "```", let end = body.dropFirst().firstIndex(of: "```") else { continue }
      captures.append(Capture(arguments: arguments, lines: Array(body[(index + 2)..<end])))
    }
    return captures
  }

  /// Splits a command line into words; double quotes group.
  static func words(_ text: String) -> [String] {
    var words: [String] = []
    var current = ""
    var quoted = false
    var inWord = false
    for character in text {
      switch character {
      case "\"":
        quoted.toggle()
        inWord = true
      case " " where !quoted:
        if inWord { words.append(current) }
        current = ""
        inWord = false
      default:
        current.append(character)
        inWord = true
      }
    }
    if inWord { words.append(current) }
    return words
  }

  @Test func wordsHonourQuotes() {
    #expect(Self.words(#"Data/shops --keys "Down Right" -x"#) == ["Data/shops", "--keys", "Down Right", "-x"])
  }

  @Test func everyCaptureIsWhatRenderDrawsToday() throws {
    let readme = try String(contentsOf: Tmux.root.appendingPathComponent("README.md"), encoding: .utf8)
    let captures = Self.captures(in: readme)
    #expect(!captures.isEmpty, "README.md has no marked capture")
    for capture in captures {
      // Data from a Debian package (iso-codes: `make` installs it) is there, or the capture is not checked.
      if let data = capture.arguments.first, data.hasPrefix("/usr/share/"), !FileManager.default.fileExists(atPath: data) { continue }
      let result = try Tmux.waterfall(["render"] + capture.arguments)
      #expect(result.status == 0, "render \(capture.arguments): \(result.err)")
      var drawn = result.out.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      if drawn.last == "" { drawn.removeLast() }
      expectScreen(
        drawn, equals: capture.lines,
        "README capture for `render \(capture.arguments.joined(separator: " "))` is stale (- README, + render)")
    }
  }
}
