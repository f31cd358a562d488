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
    /// Esc left the cards for the list they were opened from
    /// (``Browser/Options/escapeGoesBack``).
    case back
    case print([UInt8])
    /// Give the terminal back and replace the program by this command line
    /// (`--bind`'s `become`: ``ShellCommand/become(_:)``).
    case become(String)
  }

  /// What a run ended with, and the items `--bind`'s `print` kept meanwhile, to
  /// be printed before anything else.
  public struct Ending: Sendable {
    public var outcome: Outcome
    public var printed: [[UInt8]]
  }

  /// A frame slower than this turns animation off: the terminal cannot keep up.
  static let slowFrameMilliseconds: UInt64 = 40
  /// The most search matches a frame takes in: a few milliseconds of layout.
  static let searchMatchesPerFrame = 2_000
  /// How often an animation draws.
  static let animationFrameMilliseconds = 16
  /// The least time between frames that only show a search's matches: a search
  /// woke the loop about once a millisecond, and a frame each time kept the main
  /// thread drawing on a core the search lanes wanted. (Not while loading: there
  /// the frames take the loaded items in, and pacing them slowed a load.)
  static let searchFrameMilliseconds: UInt64 = 16
  /// The most loaded items a slice of work between frames takes in.
  static let itemsPerSlice = 5_000

  /// Runs the browser until the user quits; the terminal is restored before it
  /// returns or throws. `session` is open already (see ``TerminalSession``), so the
  /// caller can hand its wake-up to the loader before the first frame. The
  /// browser's workers (``Browser/Configuration``) should run in the background
  /// and wake the session, so that keys never wait for them.
  public static func run(browser: Browser, controller: LoadController?, session: TerminalSession) -> Outcome {
    run(browser: browser, controller: controller, session: session, baseDirectory: controller?.source.sourceDescription.baseDirectory ?? ".").outcome
  }

  /// Runs the browser until the user quits, as ``run(browser:controller:session:)``,
  /// with keys bound by `--bind` (``Browser/Options/keyMap``): commands run
  /// with pictures' relative paths taken from `baseDirectory`.
  public static func run(
    browser: Browser, controller: LoadController?, session: TerminalSession, baseDirectory: String
  ) -> Ending {
    let loop = TerminalLoop(session: session)
    browser.resize(to: session.size)
    if let query = browser.options.query, !query.isEmpty { browser.typeQuery(query) }
    let runner = BindingRunner(browser: browser, session: session, baseDirectory: baseDirectory)
    // `--preview`'s commands run from here on, and none is left running after.
    browser.attachPreview(launcher: ShellPreview.Launcher(), baseDirectory: baseDirectory)
    defer { browser.stopPreview() }
    let pictures = startPictures(browser: browser, source: controller?.source, session: session)
    defer { pictures?.stop() }
    let trace = FrameTrace.fromEnvironment()  // `make bench`: key-to-screen times
    // Real pixels as the options chose them, or as the terminal answers when
    // asked (`--pictures auto`): block symbols meanwhile.
    let pixels = PixelLayers(
      pictures: pictures, asks: browser.options.asksForPixels, tmuxPane: browser.options.tmuxPane,
      write: { session.writeAfterFrame($0) }, cellPixels: { session.cellPixelSize })
    let outcome = loop.run(
      Program(
        browser: browser, controller: controller, pictures: pictures, trace: trace, session: session, pixels: pixels,
        runner: runner))
    return Ending(outcome: outcome, printed: runner.printed)
  }

  /// The browser as the run loop sees it: what is loaded is taken in before each
  /// frame, animation frames come every ``animationFrameMilliseconds`` and stop
  /// when a frame is slower than ``slowFrameMilliseconds``.
  struct Program: TerminalProgram {
    let browser: Browser
    let controller: LoadController?
    let pictures: Pictures?
    let trace: FrameTrace?
    /// Where `y` copies to (OSC 52), and sixel pictures go.
    let session: TerminalSession
    /// Pictures in real pixels, when the terminal shows sixel or kitty's pictures.
    let pixels: PixelLayers
    /// What keys bound with `--bind` do.
    let runner: BindingRunner

    func update(time: UInt64, afterInput: Bool) {
      pixels.update(time: time)
      // A key's frame shows the key: what the workers found waits for the next
      // frame, drawn right after (see `timeout(time:)`).
      if !afterInput {
        browser.takeBackgroundWork(searchLimit: TerminalApp.searchMatchesPerFrame, budget: Browser.frameBudget)
      }
      if let controller {
        // A search or an order the source does: it is read again, refined.
        if let refinement = browser.takeRefinement() { browser.apply(controller.refine(refinement), now: time) }
        // G far from a paged source's end, a step up past its window, g: another window of its rows.
        if let move = browser.takeWindowMove() { browser.apply(controller.moveWindow(move), now: time) }
        browser.apply(controller.drain(now: time), now: time)
        browser.apply(controller.tick(now: time, nearEnd: browser.isNearEnd), now: time)
        browser.readingStops = controller.readingStops
      }
      // Pictures by URL that are not fetched: said once.
      if let notice = pictures?.takeRemoteNotice() { browser.notice = notice }
      // A pull to refresh let go past its threshold reloads, as `r` does.
      if case .reload = browser.tick(now: time) { reload(time: time) }
      if browser.isAnimating { browser.advanceAnimation(to: time) }
      if let notice = runner.takeNotice() { browser.notice = notice }
      // The preview follows the selection, however it moved, and shows what came.
      browser.updatePreview()
    }

    var frameInterval: UInt64 { browser.isSearching ? TerminalApp.searchFrameMilliseconds : 0 }

    /// Between frames: the items loaded and what the workers made, a slice at a time.
    func work(time: UInt64) -> Bool {
      browser.takeBackgroundWork(searchLimit: TerminalApp.searchMatchesPerFrame, budget: Browser.frameBudget)
      if let controller { browser.apply(controller.drain(limit: TerminalApp.itemsPerSlice, now: time), now: time) }
      return browser.hasBackgroundResults || controller?.hasPendingEvents == true
    }

    func draw(in canvas: TerminalCanvas) {
      trace?.drawStarted()
      pictures?.beginFrame()
      browser.draw(in: canvas)
      if let sixels = pixels.sixels, let pictures {
        // The help and the field boxes cover the cards: no pixels over them; and
        // while cards move, their block symbols stand in, so that each frame is not a repaint.
        let still = !browser.showsOverlay && !browser.isAnimating
        sixels.prepare(still ? pictures.placements : [], session: session, canvas: canvas)
      }
      trace?.drawEnded()
    }

    func frameShown(drawingTime: UInt64) {
      pixels.sixels?.send(through: session)
      if let kitty = pixels.kitty, let pictures {
        // Placements move with the cards, even while they animate; none under a box.
        kitty.send(browser.showsOverlay ? [] : pictures.kittyPlacements, through: session)
      }
      trace?.frameShown()
      // The terminal is asked what it shows once a card has shown a picture.
      pixels.frameShown()
      // The workers start on what the frame asked for once it is on the screen, not
      // before: waking them is a wake-up on the other core, which in a virtual
      // machine took up to 5 ms in the slowest frames.
      pictures?.endFrame()
      if browser.isAnimating, drawingTime > slowFrameMilliseconds { browser.disableAnimation() }
    }

    func timeout(time: UInt64) -> Int? {
      if browser.isAnimating {
        return animationFrameMilliseconds
      } else if controller?.hasPendingEvents == true || browser.hasBackgroundResults {
        return 0
      }
      return [browser.throttle.tickInterval, controller?.tickInterval, browser.tickInterval, browser.progressInterval]
        .compactMap { $0 }.min()
    }

    /// Reads the data again (`r`, or a pull to refresh) and forgets the pictures.
    func reload(time: UInt64) {
      if let controller { browser.apply(controller.reload(), now: time) }
      pictures?.removeAll()
    }

    func handle(_ event: InputEvent, time: UInt64) -> TerminalStep<Outcome> {
      // The terminal's answers are not the user's: the next frame shows real
      // pixels when the answer says so.
      if case .answer(let answer) = event {
        pixels.take(answer, time: time)
        return .continue
      }
      trace?.eventRead()  // the first of a burst counts
      if case .resize = event { pixels.screenCleared() }
      if case .key(let key) = event, let actions = browser.options.keyMap.actions(for: key, in: browser.mode) {
        return runner.run(actions, key: key, time: time) { carryOut($0, time: time) }
      }
      return carryOut(browser.handle(event, time: time), time: time)
    }

    /// Does what the browser answered an event or a bound command with.
    func carryOut(_ action: BrowserAction, time: UInt64) -> TerminalStep<Outcome> {
      switch action {
      case .none: return .continue
      case .repaint:
        pixels.screenCleared()
        return .repaint
      case .reload:
        reload(time: time)
        return .continue
      case .stopReading:
        if let controller { browser.apply(controller.stopReading(), now: time) }
        return .continue
      case .back: return .finish(.back)
      case .copy(let bytes):
        browser.notice =
          session.copyToClipboard(bytes)
          ? "copied \(bytes.count) bytes of JSON (OSC 52)"
          : "not copied: \(bytes.count) bytes is too much for OSC 52"
        return .continue
      case .quit(let status): return .finish(.quit(status))
      case .print(let bytes): return .finish(.print(bytes))
      }
    }
  }
}
