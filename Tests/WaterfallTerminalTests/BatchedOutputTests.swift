import Testing

@testable import WaterfallTerminal

#if canImport(Glibc)
  import Glibc
#endif

/// What curses writes during an update reaches the terminal only when the
/// update is over, all of it, in order, in one write; the descriptor is the
/// terminal's again afterwards.
@Suite struct BatchedOutputTests {
  /// A pipe standing in for the terminal: its read end non-blocking.
  struct Pipe {
    var read: Int32
    var write: Int32
    init() {
      var ends: [Int32] = [0, 0]
      precondition(pipe(&ends) == 0)
      read = ends[0]
      write = ends[1]
      _ = fcntl(read, F_SETFL, fcntl(read, F_GETFL) | O_NONBLOCK)
    }
    /// Everything waiting in the pipe.
    func drain() -> [UInt8] {
      var all: [UInt8] = []
      var chunk = [UInt8](repeating: 0, count: 4096)
      while true {
        let n = Glibc.read(read, &chunk, chunk.count)
        guard n > 0 else { return all }
        all += chunk[0..<n]
      }
    }
    func close() {
      _ = Glibc.close(read)
      _ = Glibc.close(write)
    }
  }

  static func put(_ text: String, to fd: Int32) {
    let bytes = Array(text.utf8)
    _ = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
  }

  @Test func theTerminalGetsAnUpdateWholeWhenItIsOver() throws {
    let terminal = Pipe()
    defer { terminal.close() }
    let batch = try #require(BatchedOutput())
    var seenDuring: [UInt8] = []
    batch.run(on: terminal.write) {
      Self.put("\u{1B}[H│", to: terminal.write)
      Self.put("\u{1B}[2;27H│", to: terminal.write)
      seenDuring = terminal.drain()
      Self.put("\u{1B}[3;1Hend", to: terminal.write)
    }
    #expect(seenDuring.isEmpty, "nothing reaches the terminal while curses writes")
    let expected = "\u{1B}[H│\u{1B}[2;27H│\u{1B}[3;1Hend"
    #expect(terminal.drain() == Array(expected.utf8))
    #expect(batch.lastCount == expected.utf8.count)
    Self.put("after", to: terminal.write)
    #expect(terminal.drain() == Array("after".utf8), "the descriptor is the terminal's again")
  }

  @Test func eachUpdateSendsOnlyItsOwnBytes() throws {
    let terminal = Pipe()
    defer { terminal.close() }
    let batch = try #require(BatchedOutput())
    batch.run(on: terminal.write) { Self.put(String(repeating: "x", count: 20_000), to: terminal.write) }
    #expect(terminal.drain().count == 20_000)
    batch.run(on: terminal.write) { Self.put("small", to: terminal.write) }
    #expect(terminal.drain() == Array("small".utf8))
    batch.run(on: terminal.write) {}
    #expect(terminal.drain().isEmpty && batch.lastCount == 0)
  }

  @Test func aCrashMidUpdateRestoresThroughTheTerminal() throws {
    let terminal = Pipe()
    defer { terminal.close() }
    let batch = try #require(BatchedOutput())
    let before = TerminalRestorer.state.outputFD
    TerminalRestorer.state.outputFD = terminal.write
    defer { TerminalRestorer.state.outputFD = before }
    var during: Int32 = -1
    batch.run(on: terminal.write) { during = TerminalRestorer.state.outputFD }
    #expect(during != terminal.write && during >= 0, "a handler writes to a copy of the terminal, not the spool")
    #expect(TerminalRestorer.state.outputFD == terminal.write)
  }
}
