#if canImport(Glibc)
  import Glibc
#endif

/// Asks a terminal, within a short budget, whether it shows real pixels: a kitty
/// graphics query (a 1x1 picture, id 31, only queried, never shown) followed by
/// Primary Device Attributes (DA1), which every terminal answers. A kitty answer
/// `ESC _ G i=31;OK ESC \` before DA1's means the kitty protocol; a `4` among
/// DA1's parameters means sixel; DA1's answer ends the wait, and no answer within
/// the budget means neither.
///
/// Only asked on a terminal: never with `TERM=dumb` or without a tty (see
/// ``GraphicsSupport/fromEnvironment(_:)``, which the caller consults first).
///
/// ```swift
/// var probe = GraphicsProbe()
/// probe.feed(Array("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[?62;4c".utf8))
/// probe.answer   // .kitty (sixel too, kitty preferred)
/// ```
public struct GraphicsProbe: Sendable {
  /// What is written to the terminal: the kitty query, then DA1.
  public static let query: [UInt8] = Array("\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\\u{1B}[c".utf8)

  /// How much longer than its budget the probe waits for the rest of an answer
  /// it has begun to read, in milliseconds.
  static let grace = 100

  public private(set) var kitty = false
  public private(set) var sixel = false
  /// Whether DA1's answer has come: nothing more will.
  public private(set) var complete = false
  private var buffer: [UInt8] = []

  public init() {}

  /// The answer so far: kitty preferred to sixel.
  public var answer: GraphicsSupport { kitty ? .kitty : sixel ? .sixel : .none }

  /// Takes bytes the terminal sent.
  public mutating func feed(_ bytes: [UInt8]) {
    buffer += bytes
    // kitty: ESC _ G ... ; OK ESC \   (its id is 31, or absent in old versions).
    if !kitty, let start = find([0x1B, 0x5F, 0x47]) {
      if let end = find([0x1B, 0x5C], from: start + 3) {
        let body = String(decoding: buffer[(start + 3)..<end], as: UTF8.self)
        kitty = body.hasSuffix(";OK")
      }
    }
    // DA1: ESC [ ? params c
    if !complete, let start = find([0x1B, 0x5B, 0x3F]) {
      var i = start + 3
      while i < buffer.count, (0x30...0x3B).contains(buffer[i]) { i += 1 }
      if i < buffer.count, buffer[i] == 0x63 {
        let parameters = String(decoding: buffer[(start + 3)..<i], as: UTF8.self).split(separator: ";")
        sixel = parameters.contains("4")
        complete = true
      }
    }
  }

  private func find(_ needle: [UInt8], from: Int = 0) -> Int? {
    guard buffer.count >= needle.count, from <= buffer.count - needle.count else { return nil }
    for i in from...(buffer.count - needle.count) where buffer[i] == needle[0] {
      if Array(buffer[i..<(i + needle.count)]) == needle { return i }
    }
    return nil
  }

  /// Asks the terminal on `input` / `output` (both the tty) and waits at most
  /// `milliseconds` for DA1's answer, the tty set to non-canonical, no-echo mode
  /// meanwhile and restored after. Nothing is asked when `input` is not a tty.
  public static func ask(input: Int32, output: Int32, milliseconds: Int = 200) -> GraphicsProbe {
    var probe = GraphicsProbe()
    guard isatty(input) == 1 else { return probe }
    var saved = termios()
    guard tcgetattr(input, &saved) == 0 else { return probe }
    var raw = saved
    raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
    withUnsafeMutableBytes(of: &raw.c_cc) { cc in
      cc[Int(VMIN)] = 0
      cc[Int(VTIME)] = 0
    }
    tcsetattr(input, TCSANOW, &raw)
    defer { tcsetattr(input, TCSANOW, &saved) }
    var written = 0
    while written < query.count {
      let n = query[written...].withUnsafeBytes { write(output, $0.baseAddress, $0.count) }
      if n <= 0 { return probe }
      written += n
    }
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    var deadline = now.tv_sec * 1000 + now.tv_nsec / 1_000_000 + milliseconds
    var chunk = [UInt8](repeating: 0, count: 256)
    // Where the answers read so far stand: one cut at the deadline is read to
    // its end (within `grace` more), so that its rest never reaches the keys
    // without its beginning. (A whole answer that comes later is the input
    // decoder's to swallow.)
    var sequences = InputDecoder()
    var graceGiven = false
    while !probe.complete || sequences.isInsideSequence {
      clock_gettime(CLOCK_MONOTONIC, &now)
      let left = deadline - (now.tv_sec * 1000 + now.tv_nsec / 1_000_000)
      if left <= 0 {
        guard sequences.isInsideSequence, !graceGiven else { break }
        graceGiven = true
        deadline += Self.grace
        continue
      }
      var descriptor = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
      guard poll(&descriptor, 1, Int32(left)) > 0 else { continue }
      let n = read(input, &chunk, chunk.count)
      if n <= 0 { break }
      probe.feed(Array(chunk[0..<n]))
      _ = sequences.feed(chunk[0..<n].map { Unicode.Scalar($0) }, time: 0)
    }
    return probe
  }
}
