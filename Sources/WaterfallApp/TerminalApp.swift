import WaterfallLayout
import WaterfallTerminal
import WaterfallView

#if canImport(Glibc)
  import Glibc
#endif

/// The browser in a real terminal: the loop that reads events, lets the
/// ``Browser`` handle them, and draws frames until the user quits.
public enum TerminalApp {
  public struct Options: Sendable {
    public var colors = true
    public var mouse = true
    public init() {}
  }

  /// What the program does once the terminal is given back.
  public enum Outcome: Equatable, Sendable {
    case quit(Int32)
    case print([UInt8])
  }

  /// Runs the browser until the user quits; the terminal is restored before it
  /// returns or throws.
  public static func run(browser: Browser, loader: Loader?, options: Options) throws(TerminalError) -> Outcome {
    let session = try TerminalSession(options: TerminalSession.Options(colors: options.colors, mouse: options.mouse))
    defer { session.end() }
    let canvas = TerminalCanvas(session: session)
    browser.resize(to: session.size)
    let clock = ContinuousClock()
    let start = clock.now
    let trace = FrameTrace.fromEnvironment()  // `make bench`: key-to-screen times
    while true {
      canvas.clear()
      browser.draw(in: canvas)
      canvas.present()
      trace?.frameShown()
      guard var event = session.nextEvent(timeout: nil) else { continue }
      trace?.eventRead()
      // Handle every event already waiting before drawing again, so a burst of
      // keys or resizes costs one frame.
      var handled = 0
      while true {
        let elapsed = start.duration(to: clock.now)
        let milliseconds = UInt64(max(0, elapsed.components.seconds)) * 1000 + UInt64(elapsed.components.attoseconds / 1_000_000_000_000_000)
        switch browser.handle(event, time: milliseconds) {
        case .none: break
        case .repaint: session.repaintAll()
        case .quit(let status): return .quit(status)
        case .print(let bytes): return .print(bytes)
        }
        handled += 1
        guard handled < 256, let next = session.nextEvent(timeout: 0) else { break }
        event = next
      }
    }
  }
}
