import Foundation
import Testing

/// A folder of folders of 16x16 icons, as a user opens it with `-r`: the icons
/// stay small, each with its file name on one line under it, and the status bar
/// counts every folder from the start.
@Suite struct PicturesAtTheirSizeEndToEndTests {
  static let icons = "/usr/share/icons/Adwaita/16x16"

  @Test(.enabled(if: FileManager.default.fileExists(atPath: icons), "adwaita-icon-theme is not installed (make deps installs it)"))
  func iconsStaySmallWithTheirNamesAndEveryFolderIsCounted() throws {
    let folders = try FileManager.default.contentsOfDirectory(atPath: Self.icons).filter { name in
      let files = (try? FileManager.default.contentsOfDirectory(atPath: Self.icons + "/" + name)) ?? []
      return files.contains { $0.hasSuffix(".png") }
    }
    let rendered = try RenderedCards(["-r", Self.icons], width: 100, height: 30)
    #expect(rendered.cards.count >= 12, "\(rendered.screen.joined(separator: "\n"))")
    for card in rendered.cards {
      // Two rows of picture and a line of name, in a box of five rows.
      #expect(card.lines.count == 3, "\(card.lines)")
      #expect(card.lines.last.map { $0.hasSuffix(".png") || $0.contains("…") } == true, "\(card.lines)")
    }
    let status = rendered.screen[29]
    #expect(status.contains("\(folders.count) groups"), "\(status) for \(folders.count) folders")
  }
}
