#if canImport(Glibc)
  import Glibc
#endif

/// Options the browser takes before the command line's, as fzf's
/// `FZF_DEFAULT_OPTS_FILE` and `FZF_DEFAULT_OPTS`: the file
/// `WATERFALL_DEFAULT_OPTS_FILE` names is read first, then the variable
/// `WATERFALL_DEFAULT_OPTS`, then the command line, whose options win (an option
/// given twice takes its last value). Each is split into words as a shell
/// splits them (``ShellWords``). The subcommands for scripts (`layout`,
/// `render`) take none, so a script's output is the same everywhere.
///
/// ```sh
/// export WATERFALL_DEFAULT_OPTS="--columns 2 --bind 'ctrl-o:execute(less {path})'"
/// waterfall items.jsonl    # two columns, Ctrl-O bound
/// ```
struct DefaultOptions {
  /// Where some default words came from (`WATERFALL_DEFAULT_OPTS`, or the file's
  /// variable and path), and the words.
  struct Source {
    var origin: String
    var words: [String]
  }

  var sources: [Source] = []

  /// Every default word, in order.
  var words: [String] { sources.flatMap(\.words) }

  /// The defaults `environment` gives; a file that cannot be read or text
  /// that does not split is an error naming where.
  static func load(environment: [String: String]) throws(Failure) -> DefaultOptions {
    var defaults = DefaultOptions()
    if let path = environment["WATERFALL_DEFAULT_OPTS_FILE"], !path.isEmpty {
      let origin = "WATERFALL_DEFAULT_OPTS_FILE (\(path))"
      let text: String
      do { text = try readFile(path) } catch { throw Failure(description: "\(origin): \(error.description)") }
      do { defaults.sources.append(Source(origin: origin, words: try ShellWords.split(text))) } catch {
        throw Failure(description: "\(origin): \(error.description)")
      }
    }
    if let text = environment["WATERFALL_DEFAULT_OPTS"] {
      do { defaults.sources.append(Source(origin: "WATERFALL_DEFAULT_OPTS", words: try ShellWords.split(text))) } catch {
        throw Failure(description: "WATERFALL_DEFAULT_OPTS: \(error.description)")
      }
    }
    return defaults
  }

  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// The whole of the file at `path` as text.
  static func readFile(_ path: String) throws(Failure) -> String {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { throw Failure(description: String(cString: strerror(errno))) }
    defer { close(fd) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let n = read(fd, &chunk, chunk.count)
      if n < 0, errno == EINTR { continue }
      guard n >= 0 else { throw Failure(description: String(cString: strerror(errno))) }
      if n == 0 { break }
      bytes += chunk[..<n]
      if bytes.count > 1 << 20 { throw Failure(description: "larger than 1 MiB: not a file of options") }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The process's environment.
  static var environment: [String: String] {
    var result: [String: String] = [:]
    var pointer = environ
    while let entry = pointer.pointee {
      let text = String(cString: entry)
      if let equals = text.firstIndex(of: "=") { result[String(text[..<equals])] = String(text[text.index(after: equals)...]) }
      pointer += 1
    }
    return result
  }
}
