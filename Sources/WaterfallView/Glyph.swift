/// What one terminal cell (or two, for a wide character) shows: a spacing
/// character with up to four zero-width marks that combine with it, and its width.
///
/// Glyphs come from ``DisplayText``, which has already replaced anything that
/// could control the terminal, so a glyph is always safe to write. A glyph is a
/// plain value of fixed size (no heap storage), so a screenful of them is cheap to
/// fill, copy and compare.
///
/// ```swift
/// let g = DisplayText.glyphs(of: "e\u{301}").first!
/// g.text    // "é" (e + U+0301)
/// g.width   // 1
/// ```
public struct Glyph: Hashable, Sendable {
  /// The combining scalars, in order; unused lanes are 0. ncurses keeps at most
  /// four with a base character, and so does a glyph.
  public var marks: SIMD4<UInt32>
  /// The spacing character.
  public var scalar: Unicode.Scalar
  private var storedWidth: UInt8

  /// The columns it covers: 1 or 2.
  public var width: Int { Int(storedWidth) }

  public init(scalar: Unicode.Scalar, width: Int, marks: SIMD4<UInt32> = .zero) {
    self.scalar = scalar
    self.storedWidth = UInt8(clamping: width)
    self.marks = marks
  }

  /// A glyph of `text`'s first scalar and up to four of the scalars after it. The
  /// text must already be safe (see ``DisplayText``).
  public init(text: String, width: Int) {
    var scalars = text.unicodeScalars.makeIterator()
    let first = scalars.next() ?? " "
    var marks = SIMD4<UInt32>.zero
    var lane = 0
    while lane < 4, let next = scalars.next() {
      marks[lane] = next.value
      lane += 1
    }
    self.init(scalar: first, width: width, marks: marks)
  }

  /// The number of combining marks.
  public var markCount: Int {
    var count = 0
    while count < 4, marks[count] != 0 { count += 1 }
    return count
  }

  /// The characters: the spacing scalar, then its marks.
  public var text: String {
    var s = String.UnicodeScalarView()
    s.append(scalar)
    for lane in 0..<markCount {
      if let mark = Unicode.Scalar(marks[lane]) { s.append(mark) }
    }
    return String(s)
  }

  /// Appends the spacing scalar, then the marks, to `scalars`: how lines of text
  /// are built from glyphs without a `String` per glyph.
  @inline(__always)
  public func appendScalars(to scalars: inout String.UnicodeScalarView) {
    scalars.append(scalar)
    guard marks != .zero else { return }
    for lane in 0..<markCount {
      if let mark = Unicode.Scalar(marks[lane]) { scalars.append(mark) }
    }
  }

  public static let space = Glyph(scalar: " ", width: 1)

  /// A line break, as ``DisplayText/forEachGlyph(in:newlines:_:)`` reports it when
  /// asked to: never drawn.
  public static let newline = Glyph(scalar: "\n", width: 0)
}
