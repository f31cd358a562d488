/// What the preview panel shows: the lines a command wrote so far, and where
/// the command stands.
///
/// The panel keeps the last item's lines while the next item's command starts
/// (``isStale``: drawn dim), so that moving through the cards does not flash an
/// empty panel; the first output of the new command (or its end) replaces them.
///
/// ```swift
/// var content = PreviewContent()
/// content.apply(.output(PreviewReader.Output(lines: [PreviewLine(plain: "one")], tail: nil)))
/// content.apply(.ended(status: 0, cut: nil, last: nil))
/// content.allLines.map(\.text)   // ["one"]
/// ```
struct PreviewContent: Equatable {
  /// Where the command stands.
  enum State: Equatable {
    /// Nothing asked for (no item, or the panel closed).
    case idle
    /// Started (or about to be), its output coming.
    case running
    /// It ended by itself with this status, or was stopped at the bound (nil).
    case ended(Int32?)
    /// `/bin/sh` could not be started.
    case notStarted
  }

  /// The complete lines so far.
  private(set) var lines: [PreviewLine] = []
  /// The line still open (no newline after it yet).
  private(set) var tail: PreviewLine?
  private(set) var state = State.idle
  /// Why the output was cut, when it was.
  private(set) var cut: PreviewReader.Cut?
  /// Whether the lines are the last command's, kept until the new one's come.
  private(set) var isStale = false

  /// Every line to show: the complete ones, the open one.
  var allLines: [PreviewLine] { tail.map { lines + [$0] } ?? lines }

  /// The number of lines to show.
  var lineCount: Int { lines.count + (tail == nil ? 0 : 1) }

  /// The line at `index` of ``allLines``, without building the array.
  func line(at index: Int) -> PreviewLine? {
    if index < lines.count { return lines[index] }
    return index == lines.count ? tail : nil
  }

  /// A new command is on its way: the lines stay, stale, until it says something.
  mutating func restart() {
    isStale = lineCount > 0
    state = .running
  }

  /// Nothing to show.
  mutating func clear() {
    self = PreviewContent()
  }

  /// Takes in what the command's job handed over; returns whether the lines
  /// were replaced (the scroll then goes back to the top).
  @discardableResult
  mutating func apply(_ chunk: PreviewJob.Chunk) -> Bool {
    let replaced = isStale
    if isStale {
      lines = []
      tail = nil
      cut = nil
      isStale = false
    }
    switch chunk {
    case .output(let output):
      lines += output.lines
      tail = output.tail
    case .ended(let status, let cut, let last):
      if let last { lines.append(last) }
      tail = nil
      self.cut = cut
      state = .ended(status)
    case .notStarted:
      tail = nil
      state = .notStarted
    }
    return replaced
  }
}
