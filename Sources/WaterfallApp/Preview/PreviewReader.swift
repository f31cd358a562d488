/// Reads a preview command's output as it comes, in chunks of bytes cut
/// anywhere: complete lines made safe (``PreviewSanitizer``), and the line still
/// open shown as far as it came, up to a bound.
///
/// At most ``byteLimit`` bytes and ``lineLimit`` lines are taken; past either,
/// ``cut`` says which, and the command can be stopped. A chunk may end inside
/// a UTF-8 character or an escape sequence: the open line is read again whole
/// when more comes, so nothing is lost at a seam.
///
/// ```swift
/// var reader = PreviewReader()
/// let first = reader.take(Array("one\ntw".utf8))   // lines ["one"], open line "tw"
/// let second = reader.take(Array("o\n".utf8))      // lines ["two"], no open line
/// ```
struct PreviewReader {
  /// The most bytes of output taken (1 MiB).
  static let defaultByteLimit = 1 << 20
  /// The most lines taken.
  static let defaultLineLimit = 10_000

  /// Why the output was cut short.
  enum Cut: Hashable, Sendable {
    case bytes(Int)
    case lines(Int)

    /// The words the panel ends with: "cut at 1 MiB", "cut at 10,000 lines".
    var description: String {
      switch self {
      case .bytes(let count):
        count >= 1 << 20 && count % (1 << 20) == 0
          ? "cut at \(count >> 20) MiB" : count % 1024 == 0 ? "cut at \(count >> 10) KiB" : "cut at \(count) bytes"
      case .lines(let count): "cut at \(Self.grouped(count)) lines"
      }
    }

    /// `10000` as `10,000`.
    static func grouped(_ number: Int) -> String {
      var digits = Array(String(number))
      var index = digits.count - 3
      while index > 0 {
        digits.insert(",", at: index)
        index -= 3
      }
      return String(digits)
    }
  }

  /// Complete lines, and the line still open (nil: none).
  struct Output: Sendable, Equatable {
    var lines: [PreviewLine]
    var tail: PreviewLine?
  }

  let byteLimit: Int
  let lineLimit: Int
  private var sanitizer = PreviewSanitizer()
  /// The bytes of the line still open.
  private var open: [UInt8] = []
  private(set) var bytesTaken = 0
  private(set) var linesTaken = 0
  /// Why no more is taken, once the output reached a bound.
  private(set) var cut: Cut?

  init(byteLimit: Int = Self.defaultByteLimit, lineLimit: Int = Self.defaultLineLimit) {
    self.byteLimit = byteLimit
    self.lineLimit = lineLimit
  }

  /// Whether the output reached a bound: what comes after is dropped.
  var isFull: Bool { cut != nil }

  /// Takes `bytes`: the lines they complete, and the open line as it stands.
  mutating func take(_ bytes: some Collection<UInt8>) -> Output {
    guard cut == nil else { return Output(lines: [], tail: nil) }
    guard linesTaken < lineLimit else {
      // More after the last line there is room for.
      if !bytes.isEmpty { cut = .lines(lineLimit) }
      return Output(lines: [], tail: nil)
    }
    var chunk = Array(bytes)
    if bytesTaken + chunk.count > byteLimit {
      chunk.removeLast(bytesTaken + chunk.count - byteLimit)
      cut = .bytes(byteLimit)
    }
    bytesTaken += chunk.count
    var lines: [PreviewLine] = []
    var start = 0
    while let newline = chunk[start...].firstIndex(of: 0x0A) {
      open += chunk[start..<newline]
      lines.append(sanitizer.line(from: String(decoding: open, as: UTF8.self)))
      open.removeAll(keepingCapacity: true)
      start = newline + 1
      linesTaken += 1
      if linesTaken >= lineLimit {
        if start < chunk.count { cut = .lines(lineLimit) }
        return Output(lines: lines, tail: nil)
      }
    }
    open += chunk[start...]
    if cut != nil {
      // Cut short: the line it was in ends there.
      if let last = finish() { lines.append(last) }
      return Output(lines: lines, tail: nil)
    }
    return Output(lines: lines, tail: openLine())
  }

  /// The open line once the output ended (no `\n` after it), or nil.
  mutating func finish() -> PreviewLine? {
    guard !open.isEmpty else { return nil }
    defer { open.removeAll() }
    return sanitizer.line(from: String(decoding: open, as: UTF8.self))
  }

  /// The open line as far as it came, without a UTF-8 character cut at its end;
  /// the colours it sets are not kept (it is read again whole).
  private func openLine() -> PreviewLine? {
    guard !open.isEmpty else { return nil }
    var copy = sanitizer
    return copy.line(from: String(decoding: open[..<Self.wholeCharacters(open)], as: UTF8.self))
  }

  /// How many of `bytes` end on a whole UTF-8 character: all, unless the last
  /// one, two or three bytes start a character that goes on.
  static func wholeCharacters(_ bytes: [UInt8]) -> Int {
    for back in 1...min(3, bytes.count) {
      let byte = bytes[bytes.count - back]
      if byte & 0xC0 == 0x80 { continue }  // a continuation byte: look further back
      let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
      return length > back ? bytes.count - back : bytes.count
    }
    return bytes.count
  }
}
