/// Standard input (or another descriptor, in tests): one page, spooled as it is
/// read to an unlinked temporary file (``PageFile/init(spooling:name:directory:)``),
/// so its items cost what a file's do; kept in memory only when no temporary
/// file can be made. It cannot be read again.
///
/// ```swift
/// let source = StandardInputSource()
/// source.sourceDescription.name          // "stdin"
/// source.sourceDescription.startsSlowly  // true: a pipe may be slow to start
/// ```
struct StandardInputSource: ItemSource {
  /// What is read (tests give a pipe of their own).
  var input: Int32 = 0
  /// The name in messages.
  var name = "stdin"
  /// Where the spool is made (nil: `$TMPDIR`, or else `/tmp`).
  var spoolDirectory: String?

  var sourceDescription: SourceDescription {
    SourceDescription(name: name, baseDirectory: ".", reloadRefusal: "standard input cannot be read again", startsSlowly: true)
  }

  func open(_ settings: ReadSettings) -> any PageCursor {
    OnePageCursor { [self] sink in
      let file = (try? PageFile(spooling: input, name: name, directory: spoolDirectory))
        ?? PageFile(standardInput: name, input: input)
      sink.opened(OpenedPage(file: file))
      return PageLoad(file: file, settings: settings).run(into: sink)
    }
  }
}
