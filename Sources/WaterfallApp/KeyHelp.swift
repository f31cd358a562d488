/// Every key the browser knows, as the `?` screen lists them.
enum KeyHelp {
  static let entries: [(keys: String, action: String)] = [
    ("↑ ↓ ← →  k j h l", "move to the card above, below, left, right"),
    ("PgUp PgDn  Ctrl-B Ctrl-F", "a screen up or down"),
    ("Home End  g G", "the first or last card"),
    ("Ctrl-E Ctrl-Y", "scroll a row down or up"),
    ("Enter  double click", "details of the selected card (--print: print it)"),
    ("/", "filter as you type; Enter keeps it, Esc clears it"),
    ("+ -", "more or fewer columns"),
    ("L", "next layout: waterfall, grid, large grid, list"),
    ("z", "small or large cards"),
    ("x  u", "hide the selected card; bring the last one back"),
    ("r", "read the data again, keeping the selection"),
    ("Ctrl-L", "repaint the screen"),
    ("click  wheel", "select a card, scroll"),
    ("?", "this help"),
    ("Esc  q", "back, or quit"),
  ]
}
