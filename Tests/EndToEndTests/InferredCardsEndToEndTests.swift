import Foundation
import Testing
import TestSupport

/// Data nobody here wrote, opened with no option: every card on the first screen
/// of `waterfall render` shows the item's name, and its version where it has
/// one (the machine's packages, pip's list, `ps aux`, iso-codes); a list of
/// names and versions fills a 160x45 screen with a row each.
@Suite(.serialized) struct InferredCardsEndToEndTests {
  static let isoFolder = "/usr/share/iso-codes/json"
  static var hasIsoCodes: Bool { FileManager.default.fileExists(atPath: isoFolder + "/iso_3166-1.json") }

  /// Writes `data` to a scratch file called `name`; the caller removes its folder.
  static func file(_ name: String, _ data: Data) throws -> URL {
    try Scratch.file(name) { $0.write(data) }
  }

  /// Checks that each card shows `name(item)` first, and `version(item)` when given.
  static func expectNamed(
    _ rendered: RenderedCards, atLeast: Int, name: (Int) -> String, version: (Int) -> String? = { _ in nil },
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(rendered.cards.count >= atLeast, "cards on screen: \(rendered.screen.joined(separator: "\n"))", sourceLocation: sourceLocation)
    for card in rendered.cards {
      let expected = name(card.item)
      let first = card.lines.first ?? ""
      // Compact: the name, then the version at the right end.
      let shownName = card.isCompact ? String(first.split(separator: "  ").first ?? "") : first
      let named = RenderedCards.shows(shownName, expected) || (!card.isCompact && expected.hasPrefix(shownName) && !shownName.isEmpty)
      #expect(named, "item \(card.item) shows \(card.lines), not its name \(expected)", sourceLocation: sourceLocation)
      if let version = version(card.item) {
        let versioned = card.isCompact
          ? first.hasSuffix(version) || first.split(separator: " ").last.map { RenderedCards.shows(String($0), version) } == true
          : card.lines.dropFirst().contains { RenderedCards.shows($0, version) }
        #expect(versioned, "item \(card.item) shows \(card.lines), not its version \(version)", sourceLocation: sourceLocation)
      }
    }
  }

  @Test(.enabled(if: RealListings.hasDpkg, "no dpkg-query"))
  func theMachinesPackagesShowNameAndVersion() throws {
    let packages = try RealListings.packages()
    let file = try Self.file("packages.jsonl", try RealListings.dpkgJSONLines(packages))
    defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
    for (width, height) in [(160, 45), (80, 24)] {
      let rendered = try RenderedCards([file.path], width: width, height: height)
      #expect(rendered.notes.contains("fields: title=package subtitle=version text=description"), "\(rendered.notes)")
      Self.expectNamed(rendered, atLeast: width == 160 ? 12 : 3, name: { packages[$0].name }, version: { packages[$0].version })
    }
  }

  @Test(.enabled(if: RealListings.hasDpkg, "no dpkg-query"))
  func aListOfNamesAndVersionsIsARowEachAndFillsTheScreen() throws {
    let packages = try RealListings.packages()
    let file = try Self.file("packages.json", try RealListings.pipShaped(packages))
    defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
    let rendered = try RenderedCards([file.path], width: 160, height: 45)
    #expect(rendered.notes.contains("fields: title=name subtitle=version"), "\(rendered.notes)")
    Self.expectNamed(rendered, atLeast: min(packages.count, 120), name: { packages[$0].name }, version: { packages[$0].version })
    #expect(rendered.cards.allSatisfy { $0.isCompact })
  }

  @Test(.enabled(if: RealListings.pipList() != nil, "no pip"))
  func pipsListShowsEveryPackageWithItsVersion() throws {
    let data = try #require(RealListings.pipList())
    let parsed = try JSONSerialization.jsonObject(with: data)
    let list = try #require(parsed as? [[String: String]])
    let file = try Self.file("pip.json", data)
    defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
    let rendered = try RenderedCards([file.path], width: 160, height: 45)
    Self.expectNamed(rendered, atLeast: min(list.count, 120), name: { list[$0]["name"] ?? "" }, version: { list[$0]["version"] })
  }

  @Test(.enabled(if: RealListings.hasPs, "no ps"))
  func processesShowTheirCommand() throws {
    let (csv, commands) = try RealListings.psCSV()
    let file = try Self.file("ps.csv", csv)
    defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
    let rendered = try RenderedCards([file.path, "--layout", "waterfall"], width: 160, height: 45)
    #expect(rendered.notes.contains("fields: title=COMMAND"), "\(rendered.notes)")
    Self.expectNamed(rendered, atLeast: 5, name: { commands[$0] })
    // The other columns follow as key: value lines.
    #expect(rendered.cards.contains { $0.lines.contains { $0.hasPrefix("USER: ") } })
  }

  @Test(
    .enabled(if: hasIsoCodes, "iso-codes is not installed (make deps installs it)"),
    arguments: ["iso_3166-1.json", "iso_3166-2.json", "iso_639-3.json", "iso_4217.json", "iso_15924.json"])
  func isoCodesShowTheirNames(file: String) throws {
    let path = Self.isoFolder + "/" + file
    let parsed = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path)))
    let object = try #require(parsed as? [String: Any])
    let items = try #require(object.values.first as? [[String: Any]])
    let rendered = try RenderedCards([path], width: 120, height: 40)
    Self.expectNamed(rendered, atLeast: 10, name: { items[$0]["name"] as? String ?? "" })
  }
}
