import WaterfallLayout
import WaterfallTerminal
import WaterfallView

#if canImport(Glibc)
  import Glibc
#endif

/// The browser in a real terminal: the loop that reads events, lets the
/// ``Browser`` handle them, takes in what the ``LoadController`` loaded, and
/// draws frames until the user quits.
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

  /// A frame slower than this turns animation off: the terminal cannot keep up.
  static let slowFrameMilliseconds: UInt64 = 40
  /// How often an animation draws.
  static let animationFrameMilliseconds = 16

  /// Runs the browser until the user quits; the terminal is restored before it
  /// returns or throws. `session` is open already (see ``TerminalSession``), so the
  /// caller can hand its wake-up to the loader before the first frame.
  public static func run(browser: Browser, controller: LoadController?, session: TerminalSession) -> Outcome {
    let canvas = TerminalCanvas(session: session)
    browser.resize(to: session.size)
    let pictures = startPictures(browser: browser, source: controller?.source, session: session)
    defer { pictures?.stop() }
    let clock = Clock()
    let trace = FrameTrace.fromEnvironment()  // `make bench`: key-to-screen times
    while true {
      if let controller {
        controller.drain(now: clock.milliseconds)
        controller.tick(now: clock.milliseconds)
      }
      if browser.isAnimating { browser.advanceAnimation(to: clock.milliseconds) }
      let frameStart = clock.milliseconds
      canvas.clear()
      pictures?.beginFrame()
      browser.draw(in: canvas)
      canvas.present()
      trace?.frameShown()
      if browser.isAnimating, clock.milliseconds &- frameStart > slowFrameMilliseconds { browser.disableAnimation() }

      let timeout: Int?
      if browser.isAnimating {
        timeout = animationFrameMilliseconds
      } else if controller?.hasPendingEvents == true {
        timeout = 0
      } else if let controller, controller.wantsTicks {
        timeout = controller.tickInterval
      } else {
        timeout = nil
      }
      guard var event = session.nextEvent(timeout: timeout) else { continue }
      trace?.eventRead()
      // Handle every event already waiting before drawing again, so a burst of
      // keys or resizes costs one frame.
      var handled = 0
      while true {
        switch browser.handle(event, time: clock.milliseconds) {
        case .none: break
        case .repaint:
          session.repaintAll()
          canvas.forgetShownFrame()
        case .reload:
          controller?.reload()
          pictures?.loader.removeAll()
        case .quit(let status): return .quit(status)
        case .print(let bytes): return .print(bytes)
        }
        handled += 1
        guard handled < 256, let next = session.nextEvent(timeout: 0) else { break }
        event = next
      }
    }
  }

  /// Milliseconds since the loop started.
  struct Clock {
    private let start = ContinuousClock.now

    var milliseconds: UInt64 {
      let elapsed = start.duration(to: .now)
      return UInt64(max(0, elapsed.components.seconds)) * 1000 + UInt64(max(0, elapsed.components.attoseconds) / 1_000_000_000_000_000)
    }
  }
}
