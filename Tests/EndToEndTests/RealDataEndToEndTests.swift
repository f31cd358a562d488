import Foundation
import Testing

/// A real data set from a Debian package (`make`'s deps install iso-codes), browsed
/// as a user would: an object wrapping its array, found without being told where.
@Suite(.serialized) struct RealDataEndToEndTests {
  static let countries = "/usr/share/iso-codes/json/iso_3166-1.json"

  @Test(.enabled(if: FileManager.default.fileExists(atPath: countries), "iso-codes is not installed (make deps installs it)"))
  func isoCodesCountriesBrowseFindAndPrint() throws {
    let tmux = try Tmux("NO_COLOR=1 waterfall --print \(Self.countries) > /tmp/wf-iso-print-\(getpid()).json", width: 100, height: 30)
    defer { try? FileManager.default.removeItem(atPath: "/tmp/wf-iso-print-\(getpid()).json") }
    // The first screen: countries as cards, and the status bar says where they came from.
    let first = try tmux.waitFor("the countries and the note") { screen in
      let text = screen.joined(separator: "\n")
      return text.contains("Aruba") && text.contains("items from /3166-1")
    }
    #expect(first.last(where: { !$0.isEmpty })?.contains("/249") == true, "\(first)")
    // Filter to one country, and pick it: its object, as it is in the file.
    try tmux.send("/")
    try tmux.type("Norway")
    try tmux.waitFor("one country left") { $0.joined(separator: "\n").contains("1 of 249") }
    try tmux.send("Enter")
    try tmux.send("Enter")
    let exit = try tmux.waitForExit()
    #expect(exit.status == 0)
    let printed = try String(contentsOfFile: "/tmp/wf-iso-print-\(getpid()).json", encoding: .utf8)
    let object = try JSONSerialization.jsonObject(with: Data(printed.utf8)) as? [String: String]
    #expect(object?["alpha_3"] == "NOR")
    #expect(object?["name"] == "Norway")
  }
}
