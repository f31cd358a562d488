import Foundation

/// The cards of `waterfall render`'s first screen, read back from its text with
/// the frames `waterfall layout` gives for the same data and size: for each card
/// wholly on screen, its item and the lines inside it.
struct RenderedCards {
  struct Card {
    var item: Int
    /// One row without a box (a compact card), or a box.
    var isCompact: Bool
    /// The text inside the card, a line per row, trailing spaces removed.
    var lines: [String]
  }

  var cards: [Card] = []
  /// The screen, as `render` printed it.
  var screen: [String]
  /// What `render` wrote to stderr (the notes).
  var notes: String

  /// Renders `arguments` (the data and options) at `width` x `height`.
  init(_ arguments: [String], width: Int, height: Int) throws {
    let size = ["--width", String(width), "--height", String(height)]
    let render = try Tmux.waterfall(["render"] + arguments + size)
    let layout = try Tmux.waterfall(["layout"] + arguments + size)
    guard render.status == 0, layout.status == 0 else {
      throw Tmux.CommandError(description: "render exited \(render.status): \(render.err); layout \(layout.status): \(layout.err)")
    }
    screen = render.out.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    notes = render.err
    let rows = screen.prefix(height - 1).map(Self.cells)
    for line in layout.out.split(separator: "\n").dropFirst() {
      guard let frame = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], frame["kind"] as? String == "cell",
        let item = frame["item"] as? Int, let x = frame["x"] as? Int, let y = frame["y"] as? Int,
        let w = frame["w"] as? Int, let h = frame["h"] as? Int, y >= 0, y + h <= height - 1
      else { continue }
      let compact = h == 1
      let inner = compact ? (x, y, w, 1) : (x + 1, y + 1, w - 2, h - 2)
      let lines = (inner.1..<(inner.1 + inner.3)).map { row -> String in
        let cells = rows[row]
        let slice = cells.count > inner.0 ? cells[inner.0..<min(cells.count, inner.0 + inner.2)] : []
        return String(slice.joined().reversed().drop { $0 == " " }.reversed())
      }
      cards.append(Card(item: item, isCompact: compact, lines: lines))
    }
  }

  /// A line as cells: a wide character, then an empty cell for its right half.
  static func cells(_ line: String) -> [String] {
    var cells: [String] = []
    for character in line {
      let width = Self.width(character)
      guard width > 0 else {
        if !cells.isEmpty { cells[cells.count - 1] += String(character) }
        continue
      }
      cells.append(String(character))
      if width == 2 { cells.append("") }
    }
    return cells
  }

  /// The columns a character takes, as the terminal counts them, for the text
  /// these tests meet (CJK, Hangul and emoji wide; combining marks none).
  static func width(_ character: Character) -> Int {
    guard let scalar = character.unicodeScalars.first?.value else { return 0 }
    switch scalar {
    case 0x0300...0x036F, 0x200B...0x200F: return 0
    case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
      0x1F1E6...0x1F1FF, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
      return 2
    default: return 1
    }
  }

  /// Whether `shown` is `text`, or its start cut with `…`.
  static func shows(_ shown: String, _ text: String) -> Bool {
    if shown == text { return true }
    guard shown.hasSuffix("…") else { return false }
    return text.hasPrefix(String(shown.dropLast()).trimmingCharacters(in: .whitespaces))
  }
}
