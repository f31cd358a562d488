import Testing
import WaterfallView
@testable import WaterfallApp

/// `--color`: base themes and element overrides, validated, fzf's names beside
/// ours (issue 27).
@Suite struct ColorOptionTests {
  @Test func baseThemes() throws {
    #expect(try ColorOption.theme(parsing: "dark", over: .unicode) == .unicode)
    #expect(try ColorOption.theme(parsing: "bw", over: .unicode) == CardTheme.unicode.withoutColors)
    let light = try ColorOption.theme(parsing: "light", over: .unicode)
    #expect(light.selectedBorderStyle.foreground == .blue)
    let sixteen = try ColorOption.theme(parsing: "16", over: .ascii)
    #expect(sixteen.border == .ascii, "the lines stay the terminal's")
    #expect(sixteen.borderStyle == Style(attributes: .dim))
  }

  @Test func overridesReplaceAnElementsStyle() throws {
    let theme = try ColorOption.theme(parsing: "selected:reverse,match:yellow:bold", over: .unicode)
    #expect(theme.selectedBorderStyle == Style(attributes: .reverse))
    #expect(theme.selectedTextStyle == Style(attributes: .reverse))
    #expect(theme.matchStyle == Style(foreground: .yellow, attributes: .bold))
    #expect(theme.textStyle == CardTheme.unicode.textStyle)
    let fzf = try ColorOption.theme(parsing: "light,fg:#ff8000,bg:17,hl:bright-red,info:underline,header:italic", over: .unicode)
    #expect(fzf.textStyle == Style(foreground: .rgb(255, 128, 0), background: .indexed(17)))
    #expect(fzf.matchStyle == Style(foreground: .indexed(9)))
    #expect(fzf.barStyle == Style(attributes: .underline))
    #expect(fzf.headerStyle == Style(attributes: .italic))
    #expect(fzf.selectedBorderStyle.foreground == .blue, "the base first, then the overrides")
  }

  @Test(arguments: [
    ("solarized", "unknown theme 'solarized'"), ("selcted:red", "unknown element 'selcted'"),
    ("match:rouge", "match: 'rouge' is neither a colour"), ("match:256", "neither a colour"), ("dark,,", "an empty part"),
  ])
  func badValuesNameThePart(value: String, message: String) {
    do {
      _ = try ColorOption.theme(parsing: value, over: .unicode)
      Issue.record("\(value) parsed")
    } catch {
      #expect(error.description.contains(message), "\(error)")
    }
  }

  @Test func theMatchStyleIsDrawnOverTheText() {
    let base = Style(foreground: .cyan, attributes: .bold)
    #expect(base.overlaid(by: Style(attributes: .underline)) == Style(foreground: .cyan, attributes: [.bold, .underline]))
    #expect(base.overlaid(by: Style(foreground: .yellow)) == Style(foreground: .yellow, attributes: .bold))
  }
}
