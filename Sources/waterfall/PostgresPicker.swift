import WaterfallApp
import WaterfallTerminal

/// What a PostgreSQL server opens in when neither `--table` nor `--sql` names
/// what to browse: its tables and views, each with the rows the catalogue
/// estimates (never counted), as a table to search and pick from. Enter browses
/// the one selected in a browser of its own, whose Esc (with no search to
/// clear) comes back here, the picker as it was; `q` quits from either.
///
/// ```sh
/// waterfall postgresql:///shop      # the picker: public.items, public.shops …
/// ```
struct PostgresPicker {
  let catalogue: PostgresSource
  let screen: Browse.BrowsingScreen

  /// The picker's options: Enter picks (as `--print` does, printing nothing),
  /// nothing is marked, sorted or typed at the start, and a line says what
  /// Enter and Esc do (unless `--header` says something else).
  static func options(over options: Browser.Options) -> Browser.Options {
    var picker = options
    picker.printMode = true
    picker.multi = nil
    picker.sort = nil
    picker.query = nil
    picker.groups = false
    picker.escapeGoesBack = false
    if picker.header == nil { picker.header = "Enter browses a table or view · Esc there comes back · q quits" }
    return picker
  }

  /// Runs the picker and the tables it opens until the user quits or picks a
  /// row (`--print`); `prepare` opens a table as the command line says, and
  /// `shown` is told of each screen shown (whose errors the end reports).
  func run(
    in session: TerminalSession, options: Browser.Options,
    prepare: (any ItemSource, Browser.Options) -> Result<Browse.BrowsingScreen, Browse.PrepareFailure>,
    shown: (Browse.BrowsingScreen) -> Void
  ) -> TerminalApp.Ending {
    var tableOptions = options
    tableOptions.escapeGoesBack = true
    defer { screen.controller.end() }
    while true {
      shown(screen)
      let wakeUp = session.wakeUp
      screen.relay.attach { wakeUp.signal() }
      let ending = TerminalApp.run(browser: screen.browser, controller: screen.controller, session: session, baseDirectory: ".")
      guard case .print(let bytes) = ending.outcome, let name = PostgresSource.tableName(inCatalogueItem: bytes) else {
        // The picker picks as --print does; it quits as the browser would.
        var ending = ending
        if case .quit(1) = ending.outcome, !options.printMode { ending.outcome = .quit(0) }
        return ending
      }
      switch prepare(catalogue.table(name), tableOptions) {
      case .failure(let failure):
        screen.browser.notice = failure.message
      case .success(let table):
        shown(table)
        let ending = table.run(in: session)
        guard case .back = ending.outcome else { return ending }
        screen.browser.notice = nil
      }
    }
  }
}
