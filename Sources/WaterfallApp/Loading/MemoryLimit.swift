#if canImport(Glibc)
  import Glibc
#endif

/// How much memory the program may hold before reading pauses (`--memory-limit`):
/// endless standard input, or a file larger than the machine, stops being read
/// with a clear status instead of ending in an out-of-memory kill.
///
/// Sizes are written as a number of bytes with an optional binary unit: `K`,
/// `M`, `G` or `T` (also `KB`, `KiB`…, any case), and may have a fraction.
/// The default is half the memory the program may use: the machine's, or its
/// control group's limit (a container's) when that is smaller.
///
/// ```swift
/// try MemoryLimit(parsing: "512M").bytes   // 536_870_912
/// try MemoryLimit(parsing: "2G").description   // "2 GiB"
/// try MemoryLimit(parsing: "lots")   // throws: --memory-limit takes a size such as 512M or 2G …
/// ```
public struct MemoryLimit: Equatable, Sendable, CustomStringConvertible {
  /// The limit, in bytes.
  public var bytes: Int
  /// The program's memory before it read anything (its code and libraries, about
  /// 25 MiB), measured when the limit was made.
  public var baseline: Int

  /// The limits one may ask for: 64 MiB to 64 TiB. Below 64 MiB there is no room:
  /// the program takes about 25 MiB before it reads an item, and three quarters
  /// of what is left are kept for the work on what was read (``readingPause``).
  public static let range = (64 << 20)...(64 << 40)
  /// The range as the help and the messages write it.
  public static let rangeText = "64M to 64T"
  /// Why the range starts where it does, for the message that refuses less.
  static let floorReason =
    "the program takes about 25 MiB before it reads anything, and keeps three quarters of the rest for sorting, searching and laying out what it read"

  public init(bytes: Int, baseline: Int = 0) {
    self.bytes = bytes
    self.baseline = min(max(0, baseline), bytes)
  }

  /// Two limits are the same when they allow the same bytes.
  public static func == (a: MemoryLimit, b: MemoryLimit) -> Bool { a.bytes == b.bytes }

  /// Where reading pauses: a quarter of the way from ``baseline`` to the limit.
  /// What the browser does with the items read grows with them (a sort's keys,
  /// a search's candidates, a layout built beside the one shown, groups): with
  /// the smallest items (`yes '{"title":"x"}'`) up to about two and a half times
  /// what the items take, so the other three quarters keep the whole program,
  /// not only its reading, within the limit (64M: a peak of 57 MiB, measured).
  ///
  /// ```swift
  /// MemoryLimit(bytes: 64 << 20, baseline: 24 << 20).readingPause   // 34 MiB
  /// ```
  public var readingPause: Int { baseline + (bytes - baseline) / 4 }

  /// Where paused reading goes on: a sixteenth of the way from ``baseline``
  /// to the limit below ``readingPause``, so memory that wavers around the
  /// pause (a layout's arrays freed, a search's candidates) does not read a
  /// little, pause, and read again.
  ///
  /// ```swift
  /// MemoryLimit(bytes: 64 << 20, baseline: 24 << 20).readingResume   // 31.5 MiB
  /// ```
  public var readingResume: Int { readingPause - (bytes - baseline) / 16 }

  /// What the search's compact texts may hold (``SearchTextCache``): a quarter
  /// of what the limit leaves above the program's start, beside the quarter
  /// reading pauses at and the half kept for sorting and layout.
  ///
  /// ```swift
  /// MemoryLimit(bytes: 64 << 20, baseline: 24 << 20).searchTextBudget   // 10 MiB
  /// ```
  public var searchTextBudget: Int { (bytes - baseline) / 4 }

  /// A size as the command line writes it (see the type's summary).
  public init(parsing text: String) throws(UsageError) {
    let trimmed = text.trimmingSpaces()
    var number = Substring(trimmed)
    var unit = ""
    while let last = number.last, last.isLetter {
      unit = String(last).uppercased() + unit
      number = number.dropLast()
    }
    let multipliers: [String: Double] = [
      "": 1, "B": 1,
      "K": 0x1p10, "KB": 0x1p10, "KIB": 0x1p10,
      "M": 0x1p20, "MB": 0x1p20, "MIB": 0x1p20,
      "G": 0x1p30, "GB": 0x1p30, "GIB": 0x1p30,
      "T": 0x1p40, "TB": 0x1p40, "TIB": 0x1p40,
    ]
    let digits = String(number).trimmingSpaces()
    guard let multiplier = multipliers[unit], !digits.isEmpty, digits.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
      let value = Double(digits), value.isFinite
    else {
      throw UsageError("--memory-limit takes a size such as 512M or 2G (\(Self.rangeText)), not '\(text)'")
    }
    let bytes = value * multiplier
    guard bytes <= Double(Self.range.upperBound) else {
      throw UsageError("--memory-limit must be between 64M and 64T, not \(text) (\(MemoryLimit(bytes: Int(min(bytes, 0x1p62)))))")
    }
    guard bytes >= Double(Self.range.lowerBound) else {
      throw UsageError("--memory-limit must be at least 64M, not \(text) (\(MemoryLimit(bytes: Int(bytes)))): \(Self.floorReason)")
    }
    self.init(bytes: Int(bytes), baseline: ResidentMemory.bytes() ?? 0)
  }

  /// A usage error: what was wrong with the size given.
  public struct UsageError: Error, Equatable, CustomStringConvertible {
    public var description: String
    init(_ description: String) { self.description = description }
  }

  /// The limit in the largest binary unit it reaches, to one decimal where it
  /// has one: "2 GiB", "1.5 GiB", "512 MiB".
  public var description: String {
    let units = ["bytes", "KiB", "MiB", "GiB", "TiB"]
    var value = Double(bytes)
    var unit = 0
    while value >= 1024, unit < units.count - 1 {
      value /= 1024
      unit += 1
    }
    let tenths = (value * 10).rounded()
    let text = tenths.truncatingRemainder(dividingBy: 10) == 0 ? String(Int(tenths / 10)) : String(tenths / 10)
    return "\(text) \(units[unit])"
  }

  /// The default: half of `physical` memory, or of `group` (a control group's
  /// limit) when that is smaller, kept within ``range``; 2 GiB when neither is known.
  ///
  /// ```swift
  /// MemoryLimit.standard(physical: 16 << 30, group: nil).description     // "8 GiB"
  /// MemoryLimit.standard(physical: 16 << 30, group: 1 << 30).description // "512 MiB"
  /// ```
  public static func standard(physical: Int?, group: Int?) -> MemoryLimit {
    let available = [physical, group].compactMap { $0 }.filter { $0 > 0 }.min()
    let baseline = ResidentMemory.bytes() ?? 0
    guard let available else { return MemoryLimit(bytes: 2 << 30, baseline: baseline) }
    return MemoryLimit(bytes: min(max(available / 2, range.lowerBound), range.upperBound), baseline: baseline)
  }

  /// The default on this machine (``standard(physical:group:)``).
  public static var machineDefault: MemoryLimit {
    standard(physical: ResidentMemory.physicalBytes, group: ResidentMemory.controlGroupLimit)
  }
}
