import WaterfallLayout

/// Where the preview panel goes and how it shows its text (`--preview-window`),
/// in fzf's spelling: a side, a size, `hidden`, `wrap`.
///
/// The value is a list of words parted by `:` or `,`, as fzf takes it: `right`
/// (the default), `left`, `up` (or `top`), `down` (or `bottom`); a size in
/// cells (`12`) or a share of the screen (`40%`, the default 50%); `hidden` to
/// start with the panel closed (the toggle key opens it); `wrap` to wrap long
/// lines instead of clipping them; `nohidden`, `nowrap` and `default` undo. fzf's
/// border styles (`border-left`, `noborder`, …) are taken and change nothing:
/// the panel is always set apart by one line. Anything else is an error naming
/// the word.
///
/// ```swift
/// let window = try PreviewWindow(parsing: "down:40%:wrap")
/// window.side      // .down
/// window.split(Rect(x: 0, y: 0, width: 80, height: 20))   // cards 80x12 above, panel 80x8 below
/// ```
public struct PreviewWindow: Hashable, Sendable {
  /// The side of the screen the panel takes.
  public enum Side: Hashable, Sendable {
    case right, left, up, down

    /// Whether the panel is beside the cards (a column) rather than above or below them (rows).
    var isBeside: Bool { self == .right || self == .left }
  }

  /// How much of the screen the panel takes.
  public enum Extent: Hashable, Sendable {
    /// A share of the width (beside) or height (above, below), 0 to 100.
    case percent(Int)
    /// Columns (beside) or rows (above, below).
    case cells(Int)
  }

  public var side = Side.right
  public var extent = Extent.percent(50)
  /// Whether the panel starts closed.
  public var hidden = false
  /// Whether long lines wrap (otherwise they are clipped at the panel's edge).
  public var wrap = false

  /// The cards keep at least this many columns beside the panel, and rows above or below it.
  static let cardsMinimum = (columns: 12, rows: 3)
  /// A panel narrower (lower) than this is not shown: the line that sets it apart and a little text.
  static let panelMinimum = (columns: 4, rows: 2)

  public init(side: Side = .right, extent: Extent = .percent(50), hidden: Bool = false, wrap: Bool = false) {
    self.side = side
    self.extent = extent
    self.hidden = hidden
    self.wrap = wrap
  }

  /// Reads a `--preview-window` value, or throws a ``PreviewWindowError`` naming
  /// the word it does not know.
  public init(parsing text: String) throws(PreviewWindowError) {
    self.init()
    let words = text.split(whereSeparator: { $0 == ":" || $0 == "," }).map { String($0) }
    if words.isEmpty { throw PreviewWindowError("an empty value (right:50%, down:40%, up, left, hidden, wrap)") }
    for word in words {
      let lower = word.lowercased()
      switch lower {
      case "right": side = .right
      case "left": side = .left
      case "up", "top": side = .up
      case "down", "bottom": side = .down
      case "hidden": hidden = true
      case "nohidden": hidden = false
      case "wrap": wrap = true
      case "nowrap": wrap = false
      case "default": self = PreviewWindow()
      case "noborder", "border": break
      default:
        if lower.hasPrefix("border-") { break }
        if let extent = try Self.extent(lower, word: word) {
          self.extent = extent
          continue
        }
        if Self.fzfOnly.contains(where: { lower.hasPrefix($0) }) {
          throw PreviewWindowError("fzf's '\(word)' is not supported (right:50%, down:40%, up, left, hidden, wrap)")
        }
        throw PreviewWindowError("unknown '\(word)' (right:50%, down:40%, up, left, hidden, wrap)")
      }
    }
  }

  /// fzf's words this program has not, named as such in the error.
  static let fzfOnly = ["follow", "nofollow", "cycle", "nocycle", "info", "noinfo", "+", "~", "<"]

  /// `word` as a size (`40`, `40%`), nil when it is not one, or an error when it
  /// is a size out of range.
  private static func extent(_ lower: String, word: String) throws(PreviewWindowError) -> Extent? {
    let percent = lower.hasSuffix("%")
    let digits = percent ? lower.dropLast() : Substring(lower)
    guard !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber) else { return nil }
    guard let number = Int(digits) else { throw PreviewWindowError("'\(word)' is too large") }
    if percent {
      guard number <= 100 else { throw PreviewWindowError("'\(word)': a share is 0% to 100%") }
      return .percent(number)
    }
    return .cells(number)
  }

  /// Parts `frame` (the screen less the status bar and `--header`) between the
  /// cards and the panel. The cards keep at least ``cardsMinimum``; a panel
  /// left smaller than ``panelMinimum`` is not shown (its rect is empty).
  public func split(_ frame: Rect) -> (cards: Rect, panel: Rect) {
    let total = side.isBeside ? frame.width : frame.height
    let wanted: Int =
      switch extent {
      case .percent(let share): total * share / 100
      case .cells(let cells): cells
      }
    let room = total - (side.isBeside ? Self.cardsMinimum.columns : Self.cardsMinimum.rows)
    var size = max(0, min(wanted, room))
    if size < (side.isBeside ? Self.panelMinimum.columns : Self.panelMinimum.rows) { size = 0 }
    switch side {
    case .right:
      return (
        Rect(x: frame.minX, y: frame.minY, width: frame.width - size, height: frame.height),
        Rect(x: frame.maxX - size, y: frame.minY, width: size, height: frame.height)
      )
    case .left:
      return (
        Rect(x: frame.minX + size, y: frame.minY, width: frame.width - size, height: frame.height),
        Rect(x: frame.minX, y: frame.minY, width: size, height: frame.height)
      )
    case .up:
      return (
        Rect(x: frame.minX, y: frame.minY + size, width: frame.width, height: frame.height - size),
        Rect(x: frame.minX, y: frame.minY, width: frame.width, height: size)
      )
    case .down:
      return (
        Rect(x: frame.minX, y: frame.minY, width: frame.width, height: frame.height - size),
        Rect(x: frame.minX, y: frame.maxY - size, width: frame.width, height: size)
      )
    }
  }
}
