import Foundation
import Testing
import TestSupport
import WaterfallApp

/// The sort picker, a sort you can see and `F`'s counts, in the real program
/// in tmux, on data nobody here wrote: iso-codes' countries and the machine's
/// own package list.
@Suite(.serialized) struct SortAndCountsEndToEndTests {
  static let countries = "/usr/share/iso-codes/json/iso_3166-1.json"
  static var hasIsoCodes: Bool { FileManager.default.fileExists(atPath: countries) }

  /// The countries, as the file has them.
  static func countryObjects() throws -> [[String: String]] {
    let object = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: countries))) as? [String: Any]
    return try #require(object?["3166-1"] as? [[String: String]])
  }

  /// Whether the status bar names `order` as the sort done, not one under way.
  static func isSorted(_ screen: [String], by order: String) -> Bool {
    let status = Tmux.status(screen)
    return status.contains(order) && !status.contains("sorting")
  }

  @Test(.enabled(if: hasIsoCodes, "iso-codes is not installed (make deps installs it)"))
  func sortDescendingOpensOnTheLargestValueShownOnItsCard() throws {
    let out = "/tmp/wf-sort-print-\(getpid()).json"
    defer { try? FileManager.default.removeItem(atPath: out) }
    let largest = try #require(try Self.countryObjects().max { Int($0["numeric"]!)! < Int($1["numeric"]!)! })
    let tmux = try Tmux("NO_COLOR=1 waterfall --print --sort numeric:desc \(Self.countries) > \(out)", width: 100, height: 30)
    // The first screen: the largest number first, selected, its value on its card.
    let screen = try tmux.waitFor("the countries sorted") { screen in
      Self.isSorted(screen, by: "numeric ↓") && screen.joined().contains("numeric: \(largest["numeric"]!)")
    }
    #expect(Tmux.status(screen).hasPrefix(" 1/249"), "\(Tmux.status(screen))")
    #expect(screen[0].hasPrefix("┏") && screen[1].contains(largest["name"]!), "the first card, selected: \(screen[0...2])")
    try tmux.send("Enter")
    #expect(try tmux.waitForExit().status == 0)
    let printed = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out))) as? [String: String]
    #expect(printed?["numeric"] == largest["numeric"])
  }

  @Test(.enabled(if: hasIsoCodes, "iso-codes is not installed (make deps installs it)"))
  func sPicksAFieldByTypingAndSTurnsTheOrderRound() throws {
    let countries = try Self.countryObjects()
    let smallest = try #require(countries.min { Int($0["numeric"]!)! < Int($1["numeric"]!)! })
    let tmux = try Tmux("NO_COLOR=1 waterfall \(Self.countries)", width: 100, height: 30)
    try tmux.waitFor(text: "Aruba")
    try tmux.send("s")
    try tmux.waitFor(text: "Sort by")
    try tmux.type("nmc")
    // Typing narrows the fields, fuzzily: n…m…c leaves numeric alone.
    try tmux.waitFor("numeric alone") { screen in
      let text = screen.joined(separator: "\n")
      return text.contains("▸ numeric") && text.contains("1 of 7 fields")
    }
    try tmux.send("Enter")
    // Sorted, not sorting: while the sort runs the status says "sorting numeric ↑…"
    // over the cards in the data's order.
    let sorted = try tmux.waitFor("sorted by numeric") { Self.isSorted($0, by: "numeric ↑") }
    #expect(sorted[1].contains(smallest["name"]!), "the smallest first: \(sorted[0...3])")
    #expect(sorted.joined().contains("numeric: \(smallest["numeric"]!)"))
    try tmux.send("S")
    try tmux.waitFor("the other way round") { Self.isSorted($0, by: "numeric ↓") }
    try tmux.send("q")
    #expect(try tmux.waitForExit().status == 0)
  }

  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/dpkg-query"), "no dpkg-query"))
  func fCountsTheSectionsAsSortUniqAndEnterFiltersToOne() throws {
    let listing = try ChildProcess.run("/usr/bin/dpkg-query", ["-W", "-f", "${Package}\t${Version}\t${Section}\n"])
    var lines = Data()
    var sections: [String: Int] = [:]
    for line in listing.out.split(separator: "\n") {
      let parts = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      guard parts.count == 3 else { continue }
      sections[parts[2], default: 0] += 1
      lines += try JSONSerialization.data(withJSONObject: ["package": parts[0], "version": parts[1], "section": parts[2]])
      lines += Data("\n".utf8)
    }
    let file = try InferredCardsEndToEndTests.file("packages.jsonl", lines)
    defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
    // What `sort | uniq -c` says, the most common first.
    let uniq = try ChildProcess.run("/bin/sh", ["-c", "cut -f3 | sort | uniq -c | sort -rn"], input: Data(listing.out.utf8))
    let top = try #require(uniq.out.split(separator: "\n").first?.split(separator: " ").map(String.init))
    let (count, section) = (try #require(Int(top[0])), top[1])
    #expect(sections[section] == count)
    let total = sections.values.reduce(0, +)
    let tmux = try Tmux("NO_COLOR=1 waterfall \(Tmux.shellQuote(file.path))", width: 100, height: 30)
    try tmux.waitFor(text: "/\(total)")
    try tmux.send("F")
    try tmux.waitFor(text: "Count the values of")
    try tmux.type("section")
    try tmux.send("Enter")
    let sheet = try tmux.waitFor("the sections counted") { $0.joined().contains("section · \(sections.count) values") }
    let first = try #require(sheet.first { $0.contains("▸ ") })
    #expect(first.contains("▸ \(section) ") && first.contains(" \(count.grouped) "), "\(first)")
    try tmux.send("Enter")
    let filtered = try tmux.waitFor("the cards of that section, as many as uniq -c counts") {
      Tmux.status($0).contains("1/\(count.grouped) of \(total.grouped)") && !Tmux.status($0).contains("searching")
    }
    #expect(Tmux.status(filtered).contains("section:^\(section)$"))
    // Esc clears the search (alone: Esc then q at once would read as Alt-q).
    try tmux.send("Escape")
    try tmux.waitFor("every card again") { Tmux.status($0).contains("/\(total.grouped) │") && !Tmux.status($0).contains("section:") }
    try tmux.send("q")
    #expect(try tmux.waitForExit().status == 0)
  }
}
