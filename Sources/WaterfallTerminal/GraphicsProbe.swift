import WaterfallLayout
import WaterfallView

/// The question whether a terminal shows real pixels, asked without waiting:
/// the program writes ``query`` when it first has a picture to show and goes
/// on drawing (block symbols); the answers come back among the keys as
/// ``InputEvent/answer(_:)`` events (``InputDecoder``), which the run loop hands
/// to ``take(_:at:)``.
///
/// The query is a kitty graphics query (a 1x1 picture, id 31, only queried,
/// never shown), a request for the cell's size in pixels (`CSI 16 t`), then
/// Primary Device Attributes (DA1), which every terminal answers, last. A kitty
/// `OK` for id 31 before DA1's answer means kitty's protocol; a `4` among DA1's
/// parameters means sixel; DA1's answer decides. No answer within ``limit``
/// milliseconds means neither, and an answer after that changes nothing (the
/// decoder still keeps it from the keys).
///
/// Times are the caller's clock in milliseconds (the run loop's), so a test
/// steps them.
///
/// ```swift
/// var probe = GraphicsProbe()
/// session.writeAfterFrame(probe.ask(at: 10)!)              // .asked(at: 10)
/// probe.take(.kittyGraphics(id: 31, message: "OK"), at: 14)
/// probe.take(.deviceAttributes([62, 4]), at: 15)            // .kitty (sixel too, kitty preferred)
/// probe.phase                                               // .answered(.kitty)
/// ```
public struct GraphicsProbe: Hashable, Sendable {
  /// What is written to the terminal: the kitty query, the cell size request, then DA1.
  public static let query: [UInt8] = Array("\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\\u{1B}[16t\u{1B}[c".utf8)

  /// How long an answer is waited for, in milliseconds: nothing waits for it,
  /// so it can allow a slow link (an ssh round trip over an ocean).
  public static let limit: UInt64 = 1_000

  /// Where the question stands.
  public enum Phase: Hashable, Sendable {
    /// Not asked: no picture was to be shown yet.
    case notAsked
    /// Asked at this time; the answer is awaited until ``GraphicsProbe/limit`` after.
    case asked(at: UInt64)
    /// DA1's answer came: nothing more will.
    case answered(GraphicsSupport)
    /// No answer within the limit: block symbols.
    case timedOut
  }

  public private(set) var phase = Phase.notAsked
  /// A cell's size in pixels, when the terminal said it before DA1's answer.
  public private(set) var cellSize: Size?
  /// Whether kitty answered `OK` to the query before DA1's answer.
  private var kittyOK = false

  public init() {}

  /// What the terminal shows, once that is decided: its answer, or
  /// ``GraphicsSupport/none`` after the limit; nil while not asked or awaited.
  public var support: GraphicsSupport? {
    switch phase {
    case .notAsked, .asked: return nil
    case .answered(let support): return support
    case .timedOut: return GraphicsSupport.none
    }
  }

  /// When an unanswered question is given up, or nil when none is awaited.
  public var deadline: UInt64? {
    if case .asked(let time) = phase { return time + Self.limit }
    return nil
  }

  /// Asks at `time`: returns ``query`` to write, or nil when it was asked before.
  public mutating func ask(at time: UInt64) -> [UInt8]? {
    guard phase == .notAsked else { return nil }
    phase = .asked(at: time)
    return Self.query
  }

  /// Takes an answer that came at `time`; returns what the terminal shows when
  /// this answer decided it (DA1's), nil otherwise: another answer, or one that
  /// came when no question was awaited (before it, after the limit, or after
  /// DA1's).
  @discardableResult
  public mutating func take(_ answer: TerminalAnswer, at time: UInt64) -> GraphicsSupport? {
    expire(at: time)
    guard case .asked = phase else { return nil }
    switch answer {
    case .kittyGraphics(let id, let message):
      // Old versions of kitty leave the id out.
      if id == nil || id == 31 { kittyOK = message == "OK" }
    case .cellSize(let size):
      cellSize = size
    case .deviceAttributes(let parameters):
      let support = kittyOK ? GraphicsSupport.kitty : parameters.contains(4) ? .sixel : .none
      phase = .answered(support)
      return support
    default:
      break
    }
    return nil
  }

  /// Gives the question up when `time` is past its ``deadline``; returns whether
  /// it was given up now.
  @discardableResult
  public mutating func expire(at time: UInt64) -> Bool {
    guard let deadline, time > deadline else { return false }
    phase = .timedOut
    return true
  }
}
