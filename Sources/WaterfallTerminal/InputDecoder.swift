import WaterfallView

/// Turns what curses reads (characters, and the keys it decoded itself) into
/// ``InputEvent`` values, and keeps every answer a terminal sends away from the
/// keys, whenever it arrives.
///
/// A terminal answers questions (the start-up probe's device attributes and
/// kitty graphics query, a size or mode report, a colour) with escape sequences
/// that curses does not know as keys: it hands them over a character at a time,
/// `ESC` first. Read as keys, `ESC [ ? 6 2 ; 4 c` would be Alt-[ and then `?`
/// (the help), `6`, `2`, … So after an `ESC`:
///
/// - `[` begins a control sequence (CSI): parameters and intermediates
///   (0x20-0x3F) up to a final character (0x40-0x7E). It is swallowed whole:
///   device attributes (`ESC [ ? … c`, `ESC [ > … c`), size reports
///   (`ESC [ 4 ; … t`, `ESC [ 6 ; … t`, `ESC [ 8 ; … t`), mode reports
///   (`ESC [ ? … $ y`), cursor position reports (`ESC [ r ; c R`), focus, and
///   any other sequence curses did not make a key of, except the cursor and
///   editing keys (`ESC [ A` … `ESC [ 6 ~`), which are those keys.
/// - `]`, `_`, `P`, `^` or `X` begins a string (OSC colour replies, kitty's
///   `ESC _ G … ESC \`, DCS answers) that ends at ST (`ESC \`), or at BEL for
///   OSC; it is swallowed whole.
/// - another character is that character with Alt; another `ESC`, a key, or
///   nothing more waiting makes it the Escape key.
/// - `ESC [ 2 0 0 ~` begins a bracketed paste (the session asks for them with
///   `ESC [ ? 2004 h`): everything up to `ESC [ 2 0 1 ~` is one
///   ``InputEvent/paste(_:)``, never keys, so pasted text cannot run a command.
///
/// The state lasts from one read to the next, so an answer cut anywhere after
/// its `ESC [` (or `ESC ]` …) is still swallowed when the rest comes. A sequence
/// left unfinished for ``expiry`` milliseconds is given up, silently, when the
/// next character comes: what a user types a second after Alt-[ is a key again.
/// Only an answer cut right after its first `ESC`, for longer than curses waits
/// for the rest of an Escape (25 ms), reads as the Escape key.
///
/// ```swift
/// var decoder = InputDecoder()
/// decoder.feed(Array("\u{1B}[?62;4c?".unicodeScalars), time: 0)   // [.key(.character("?"))]
/// ```
public struct InputDecoder: Sendable {
  /// What curses reads: a character, or an event it decoded (a key, the mouse,
  /// a resize), or a key code the program does not know.
  public enum Unit: Hashable, Sendable {
    case character(UInt32)
    case event(InputEvent)
    case unknownKey
  }

  /// The kind of escape sequence being read.
  enum State: Hashable, Sendable {
    case ground
    case escape
    /// A control sequence: the parameter and intermediate characters so far.
    case control([UInt8])
    /// A string (OSC, APC, DCS, PM, SOS), ended by ST or, for OSC, BEL;
    /// `escaped`: the last character was ESC, which `\` makes ST.
    case string(isOSC: Bool, escaped: Bool)
    /// A bracketed paste, and how much of its end (``pasteEnd``) has been read.
    case paste(matched: Int)
  }

  /// What ends a bracketed paste: `ESC [ 2 0 1 ~`.
  static let pasteEnd: [UInt32] = [27, 0x5B, 0x32, 0x30, 0x31, 0x7E]
  /// The most characters a paste keeps; the rest is dropped.
  public static let longestPaste = 1 << 20

  /// How long an unfinished sequence waits for its rest, in milliseconds.
  public static let expiry: UInt64 = 1_000
  /// The longest control sequence kept; a longer one is given up.
  static let longestControl = 64

  private(set) var state = State.ground
  private var lastTime: UInt64 = 0
  /// The bracketed paste's text so far.
  private var pasted = String.UnicodeScalarView()
  private var pastedCount = 0
  /// How many answers (sequences that were not keys) were swallowed.
  public private(set) var swallowed = 0

  public init() {}

  /// Whether a sequence has begun and not ended: more of it is awaited.
  public var isInsideSequence: Bool { state != .ground }

  /// Takes one unit read at `time` (milliseconds) and returns the events it completes.
  public mutating func feed(_ unit: Unit, time: UInt64) -> [InputEvent] {
    var events: [InputEvent] = []
    feed(unit, time: time, into: &events)
    return events
  }

  /// Takes units read at `time`, in order (for tests and the probe).
  public mutating func feed(_ scalars: [Unicode.Scalar], time: UInt64) -> [InputEvent] {
    var events: [InputEvent] = []
    for scalar in scalars { feed(.character(scalar.value), time: time, into: &events) }
    return events
  }

  /// Nothing more is waiting now: an Escape on its own is the Escape key. A
  /// sequence under way keeps waiting for its rest.
  public mutating func idle() -> [InputEvent] {
    guard state == .escape else { return [] }
    state = .ground
    return [.key(.escape)]
  }

  private mutating func feed(_ unit: Unit, time: UInt64, into events: inout [InputEvent]) {
    if state != .ground, state != .escape, time &- lastTime > Self.expiry {
      // A paste whose end never came is given as far as it came.
      if case .paste(let matched) = state { endPaste(keeping: matched, into: &events) }
      state = .ground
    }
    lastTime = time
    if case .paste = state, case .event(let event) = unit {
      // Keys curses decoded inside a paste are its text.
      switch event {
      case .key(.enter): paste(10, into: &events)
      case .key(.tab): paste(9, into: &events)
      case .key(.character(let c)): for scalar in c.unicodeScalars { paste(scalar.value, into: &events) }
      default: break
      }
      return
    }
    switch unit {
    case .character(let code): character(code, into: &events)
    case .event(let event):
      if state == .escape { events.append(.key(.escape)) }
      state = .ground
      events.append(event)
    case .unknownKey:
      if state == .escape { events.append(.key(.escape)) }
      state = .ground
    }
  }

  private mutating func character(_ code: UInt32, into events: inout [InputEvent]) {
    switch state {
    case .ground:
      if code == 27 {
        state = .escape
      } else if let event = Self.plain(code) {
        events.append(event)
      }
    case .escape:
      switch code {
      case 27: events.append(.key(.escape))
      case 0x5B: state = .control([])
      case 0x5D: state = .string(isOSC: true, escaped: false)
      case 0x5F, 0x50, 0x5E, 0x58: state = .string(isOSC: false, escaped: false)
      default:
        state = .ground
        if let scalar = Unicode.Scalar(code) { events.append(.key(.alt(Character(scalar)))) }
      }
    case .control(var collected):
      switch code {
      case 0x20...0x3F:
        guard collected.count < Self.longestControl else {
          state = .ground
          return
        }
        collected.append(UInt8(code))
        state = .control(collected)
      case 0x40...0x7E:
        state = .ground
        if collected == Array("200".utf8), code == 0x7E {
          state = .paste(matched: 0)
          pasted = String.UnicodeScalarView()
          pastedCount = 0
          return
        }
        if let key = Self.controlKey(collected, final: UInt8(code)) { events.append(.key(key)) } else { swallowed += 1 }
      case 27:
        state = .escape
      default:
        // Not part of a sequence (a control character, a letter beyond ASCII):
        // what was collected is given up and the character read as it is.
        state = .ground
        character(code, into: &events)
      }
    case .paste:
      paste(code, into: &events)
    case .string(let isOSC, let escaped):
      if escaped {
        if code == 0x5C {
          state = .ground
          swallowed += 1
        } else {
          // An ESC that was not ST begins a sequence of its own.
          state = .escape
          character(code, into: &events)
        }
      } else if code == 27 {
        state = .string(isOSC: isOSC, escaped: true)
      } else if code == 0x9C || (isOSC && code == 7) {
        state = .ground
        swallowed += 1
      }
    }
  }

  /// Takes one character of a bracketed paste: its text, or part of its end.
  private mutating func paste(_ code: UInt32, into events: inout [InputEvent]) {
    guard case .paste(let matched) = state else { return }
    if code == Self.pasteEnd[matched] {
      if matched + 1 == Self.pasteEnd.count {
        state = .ground
        events.append(.paste(String(pasted)))
        pasted = String.UnicodeScalarView()
      } else {
        state = .paste(matched: matched + 1)
      }
      return
    }
    // What looked like the end was text.
    for partial in Self.pasteEnd.prefix(matched) { keep(partial) }
    if code == Self.pasteEnd[0] {
      state = .paste(matched: 1)
    } else {
      keep(code)
      state = .paste(matched: 0)
    }
  }

  /// Gives a paste cut short as far as it came.
  private mutating func endPaste(keeping matched: Int, into events: inout [InputEvent]) {
    for partial in Self.pasteEnd.prefix(matched) { keep(partial) }
    events.append(.paste(String(pasted)))
    pasted = String.UnicodeScalarView()
  }

  private mutating func keep(_ code: UInt32) {
    guard pastedCount < Self.longestPaste, let scalar = Unicode.Scalar(code) else { return }
    pasted.append(scalar)
    pastedCount += 1
  }

  /// The cursor and editing keys as a control sequence without parameters (or
  /// the `~` keys' one number): what curses sends as a key when it has the whole
  /// sequence at once, read here when it came in pieces.
  static func controlKey(_ collected: [UInt8], final: UInt8) -> Key? {
    if collected.isEmpty || collected == [UInt8(ascii: "1")] {
      switch final {
      case UInt8(ascii: "A"): return .up
      case UInt8(ascii: "B"): return .down
      case UInt8(ascii: "C"): return .right
      case UInt8(ascii: "D"): return .left
      case UInt8(ascii: "H"): return .home
      case UInt8(ascii: "F"): return .end
      case UInt8(ascii: "Z") where collected.isEmpty: return .backTab
      default: break
      }
    }
    guard final == UInt8(ascii: "~") else { return nil }
    switch String(decoding: collected, as: UTF8.self) {
    case "1", "7": return .home
    case "2": return .insert
    case "3": return .delete
    case "4", "8": return .end
    case "5": return .pageUp
    case "6": return .pageDown
    default: return nil
    }
  }

  /// A character outside any sequence, as a key.
  static func plain(_ code: UInt32) -> InputEvent? {
    switch code {
    case 9: return .key(.tab)
    case 10, 13: return .key(.enter)
    case 8, 127: return .key(.backspace)
    case 0..<32:
      // Ctrl-A is 1 … Ctrl-Z is 26.
      return .key(.control(Character(Unicode.Scalar(code + 96)!)))
    default:
      guard let scalar = Unicode.Scalar(code) else { return nil }
      return .key(.character(Character(scalar)))
    }
  }
}
