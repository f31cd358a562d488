import WaterfallApp

#if canImport(Glibc)
  import Glibc
#endif

/// `waterfall --filter STR`: no terminal; the items the search matches are
/// printed as JSON Lines (a picture folder's items as their absolute paths, as
/// `--print` prints them) in the data's order, or `--sort`'s, as they are found.
/// A source that searches and sorts where the data lives (a PostgreSQL table
/// or query) is asked to, and its rows are streamed out as the server sends them.
///
/// Exits 0 when something matched and 1 when nothing did, as `fzf --filter`
/// does; 2 for an error (one line naming the file and the place), after the
/// matches found before it. Skipped lines are reported on standard error, as
/// the browser reports them.
///
/// ```sh
/// waterfall --filter 'wool shop:^clay' items.jsonl | jq -r .title
/// ```
struct FilterRun {
  var text: String
  var exact: Bool
  var sort: SortOrder?

  func run(source: any ItemSource, roles: FieldRoles, options: ReadOptions) -> Never {
    var filter = ItemFilter(query: SearchQuery(text, exactByDefault: exact), roles: roles, options: options)
    filter.sort = sort
    // A source that searches and sorts where the data lives (a server) does
    // both; its rows are streamed out as they come.
    let refined = source.refined(by: SourceRefinement(search: text, exactSearch: exact, sort: sort))
    if refined != nil {
      filter.query = SearchQuery("")
      filter.sort = nil
    }
    var output = FilterOutput()
    let outcome = filter.run(refined ?? source) { bytes in
      output.writeLine(bytes)
      return true
    } flushed: {
      output.flush()
    }
    output.flush()
    for note in outcome.notes { writeStandardError("waterfall: \(note)\n") }
    reportSkippedLines(outcome.skipped)
    for line in outcome.errors.report { writeStandardError("waterfall: \(line)\n") }
    if !outcome.errors.isEmpty { exit(2) }
    if outcome.matches == 0, !outcome.skipped.isEmpty, outcome.items == 0 { failNotJSON(source, outcome.skipped) }
    exit(outcome.matches > 0 ? 0 : 1)
  }
}
