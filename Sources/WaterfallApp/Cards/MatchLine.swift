import WaterfallView

/// The field a search matched in, as a `key: value` line for a card that does
/// not show the match: the first of the item's values (in the order the
/// search reads them, ``SearchFields``) where the query marks characters.
///
/// A card draws it in place of its last line when none of its own lines shows
/// a matched character (a field it does not show, or text cut off), so a card
/// selected by a search always shows why. The value is cut around the first
/// match (``window(width:)``): `description: …the wool quilt was…`.
///
/// ```swift
/// let item = try JSONParser.parse(Array(#"{"title":"Mug","maker":"Clay Co"}"#.utf8))
/// MatchLine.find(in: item, query: SearchQuery("clay"))   // MatchLine(key: "maker", value: "Clay Co")
/// ```
struct MatchLine: Hashable {
  /// The value's path (`maker`, `size.w`).
  var key: String
  var value: String

  /// The first value of `item` in which `query` marks characters, if any.
  static func find(in item: JSONValue, query: SearchQuery) -> MatchLine? {
    var found: MatchLine?
    func walk(_ value: JSONValue, path: String) {
      guard found == nil else { return }
      switch value {
      case .string(let text), .number(let text):
        if !query.highlights(in: FoldedText(text), fields: [path]).isEmpty { found = MatchLine(key: path, value: text) }
      case .array(let elements):
        for element in elements { walk(element, path: path) }
      case .object(let members):
        for member in members { walk(member.value, path: path.isEmpty ? member.key : path + "." + member.key) }
      case .null, .bool:
        break
      }
    }
    walk(item, path: "")
    return found
  }

  /// The line as drawn in `width` columns: its key (with `: `), and its value
  /// on one line, starting a little before the first match when the match
  /// would not fit otherwise (`…` standing for what is left out), and the
  /// value's characters `query` marks.
  func window(width: Int, query: SearchQuery) -> (key: [Glyph], value: [Glyph], marks: [Int]) {
    let key = DisplayText.glyphs(of: TextWrapper.truncate(self.key + ": ", width: max(1, width / 2)))
    let room = max(1, width - key.reduce(0) { $0 + $1.width })
    let characters = Array(value.replacingNewlines)
    let glyphs = DisplayText.glyphs(of: String(characters))
    let marks = query.highlights(in: FoldedText(units: glyphs.map(\.scalar)), fields: [self.key])
    var text = String(characters)
    // (A glyph a character, but for what the display drops: then the window is near.)
    if let first = marks.first, first < glyphs.count, Self.width(of: glyphs.prefix(first + 1)) > room {
      // A third of the room before the match, and `…` for what went.
      var start = first
      var before = 0
      while start > 0, before + glyphs[start - 1].width < room / 3 {
        start -= 1
        before += glyphs[start].width
      }
      text = "…" + String(characters[min(start, characters.count)...])
    }
    let cut = DisplayText.glyphs(of: TextWrapper.truncate(text, width: room))
    let shown = query.highlights(in: FoldedText(units: cut.map(\.scalar)), fields: [self.key])
    return (key, cut, shown)
  }

  private static func width(of glyphs: some Sequence<Glyph>) -> Int { glyphs.reduce(0) { $0 + $1.width } }
}

extension String {
  /// The string with each line break as a space: a value on one line.
  fileprivate var replacingNewlines: String {
    String(map { $0.isNewline ? " " : $0 })
  }
}
