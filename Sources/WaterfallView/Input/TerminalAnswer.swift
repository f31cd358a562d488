import WaterfallLayout

/// What a terminal said in answer to a question the program wrote to it: never
/// a key, whenever it arrives.
///
/// Terminals answer queries with escape sequences on the input, among the
/// keys. Those the program reads are these; any other answer (a cursor
/// position, a DCS string, focus) is dropped unread. Sizes are in pixels or
/// cells as the case says, width first as everywhere else (the terminal sends
/// height first).
///
/// ```swift
/// // ESC [ ? 62 ; 4 c    (primary device attributes: a VT220 with sixel)
/// TerminalAnswer.deviceAttributes([62, 4])
/// // ESC _ G i=31;OK ESC \    (kitty's graphics protocol answers the query with id 31)
/// TerminalAnswer.kittyGraphics(id: 31, message: "OK")
/// ```
public enum TerminalAnswer: Hashable, Sendable {
  /// Primary device attributes (DA1, `ESC [ ? … c`): its parameters; `4` is sixel.
  case deviceAttributes([Int])
  /// Secondary device attributes (DA2, `ESC [ > … c`): its parameters.
  case secondaryDeviceAttributes([Int])
  /// A reply of kitty's graphics protocol (`ESC _ G keys ; message ESC \`): the
  /// picture's id (`i=`, absent in old versions) and the message, `OK` or an error.
  case kittyGraphics(id: Int?, message: String)
  /// A cell's size in pixels (`ESC [ 6 ; height ; width t`).
  case cellSize(Size)
  /// The text area's size in pixels (`ESC [ 4 ; height ; width t`).
  case windowPixels(Size)
  /// The text area's size in cells (`ESC [ 8 ; rows ; columns t`).
  case windowCells(Size)
  /// A mode's state (DECRQM's answer, `ESC [ ? mode ; value $ y`, without `?`
  /// for an ANSI mode): 1 set, 2 reset, 3 and 4 permanently so, 0 unknown.
  case modeReport(mode: Int, value: Int, isPrivate: Bool)
  /// An operating system command's reply (`ESC ] … BEL` or `ST`), such as a
  /// colour (`11;rgb:0000/0000/0000`): the text between.
  case operatingSystemCommand(String)
}
