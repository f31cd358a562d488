import Foundation
import TestSupport
import Testing
import WaterfallTerminal

#if canImport(Glibc)
  import Glibc
#endif

/// Real-pixel detection: the answers parsed, the environment consulted, and the
/// whole question asked of a pseudo-terminal that answers from a script.
@Suite(.serialized) struct GraphicsProbeTests {
  static let kittyOK = "\u{1B}_Gi=31;OK\u{1B}\\"
  static let kittyError = "\u{1B}_Gi=31;ENOENT:unsupported\u{1B}\\"

  @Test(arguments: [
    (kittyOK + "\u{1B}[?62;22c", GraphicsSupport.kitty),
    ("\u{1B}[?62;4;22c", .sixel),
    ("\u{1B}[?63;1;2;4;6c", .sixel),
    ("\u{1B}[?62;22c", .none),
    (kittyError + "\u{1B}[?62;c", .none),
    ("\u{1B}[?64;44c", .none),
  ])
  func answersAreRead(_ answer: String, _ expected: GraphicsSupport) {
    var probe = GraphicsProbe()
    // In pieces, as a terminal may send them.
    for byte in Array(answer.utf8) { probe.feed([byte]) }
    #expect(probe.complete)
    #expect(probe.answer == expected)
  }

  @Test func theEnvironmentDecidesWhereItCan() {
    #expect(GraphicsSupport.fromEnvironment(["TERM": "dumb"]) == GraphicsSupport.none)
    #expect(GraphicsSupport.fromEnvironment([:]) == GraphicsSupport.none)
    #expect(GraphicsSupport.fromEnvironment(["TERM": "xterm-kitty"]) == .kitty)
    #expect(GraphicsSupport.fromEnvironment(["TERM": "xterm-256color", "TMUX": "/tmp/x,1,0"]) == GraphicsSupport.none)
    #expect(GraphicsSupport.fromEnvironment(["TERM": "xterm-256color"]) == nil)
  }

  /// A pseudo-terminal whose far end reads the query and answers `answer`
  /// (nothing for nil); returns what the probe decided and the query it saw.
  static func ask(answering answer: String?, milliseconds: Int = 400) throws -> (GraphicsSupport, [UInt8]) {
    var master: Int32 = -1
    var slave: Int32 = -1
    try #require(openpty(&master, &slave, nil, nil, nil) == 0)
    defer {
      close(master)
      close(slave)
    }
    let seen = Mutex()
    let far = master
    let terminal = Thread {
      var got: [UInt8] = []
      var chunk = [UInt8](repeating: 0, count: 256)
      while !got.suffix(3).elementsEqual(Array("\u{1B}[c".utf8)) {
        let n = read(far, &chunk, chunk.count)
        if n <= 0 { break }
        got += chunk[0..<n]
      }
      seen.set(got)
      if let answer {
        let bytes = Array(answer.utf8)
        _ = bytes.withUnsafeBytes { write(far, $0.baseAddress, $0.count) }
      }
    }
    terminal.start()
    let result = GraphicsProbe.ask(input: slave, output: slave, milliseconds: milliseconds).answer
    var settings = termios()
    tcgetattr(slave, &settings)
    #expect(settings.c_lflag & tcflag_t(ICANON) != 0, "the tty's settings are restored")
    eventually("the far end to read the query") { seen.get() != nil }
    return (result, seen.get() ?? [])
  }

  @Test func aPseudoTerminalAnswersKitty() throws {
    let (result, query) = try Self.ask(answering: Self.kittyOK + "\u{1B}[?62;c")
    #expect(result == .kitty)
    #expect(query == GraphicsProbe.query)
  }

  @Test func aPseudoTerminalAnswersSixel() throws {
    #expect(try Self.ask(answering: "\u{1B}[?62;4;22c").0 == .sixel)
  }

  @Test func aPseudoTerminalWithNeither() throws {
    #expect(try Self.ask(answering: "\u{1B}[?62;22c").0 == GraphicsSupport.none)
  }

  @Test func aPseudoTerminalThatNeverAnswers() throws {
    #expect(try Self.ask(answering: nil, milliseconds: 150).0 == GraphicsSupport.none)
  }

  @Test func notATerminalIsNeverAsked() {
    var pipeEnds: [Int32] = [0, 0]
    pipe(&pipeEnds)
    defer { close(pipeEnds[0]); close(pipeEnds[1]) }
    #expect(GraphicsProbe.ask(input: pipeEnds[0], output: pipeEnds[1]).answer == GraphicsSupport.none)
  }
}

/// The bytes the scripted terminal saw, shared with the test's thread.
private final class Mutex: @unchecked Sendable {
  private let lock = NSLock()
  private var value: [UInt8]?
  func set(_ bytes: [UInt8]) { lock.lock(); value = bytes; lock.unlock() }
  func get() -> [UInt8]? { lock.lock(); defer { lock.unlock() }; return value }
}
