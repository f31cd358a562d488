/// Where the items are inside a JSON document: a JSON Pointer (`/features`,
/// `/data/0/items`) or its jq spelling (`.features`, `.["3166-1"]`, `.data[0].items`).
///
/// A component names an object's key, or an array's index (written as its
/// decimal number), as JSON Pointer does. ``description`` gives the pointer.
///
/// ```swift
/// try JSONPath(".[\"3166-1\"]").components   // ["3166-1"]
/// try JSONPath("/a~1b/0").components          // ["a/b", "0"]
/// try JSONPath(".data[0].items").description  // "/data/0/items"
/// ```
public struct JSONPath: Hashable, Sendable, CustomStringConvertible {
  public var components: [String]

  public init(components: [String]) {
    self.components = components
  }

  /// Why a path could not be read.
  public struct Invalid: Error, CustomStringConvertible {
    public var description: String
  }

  /// Reads a JSON Pointer (starting with `/`, or empty for the whole document)
  /// or a jq path (starting with `.`).
  public init(_ text: String) throws(Invalid) {
    if text.isEmpty || text == "." {
      components = []
    } else if text.hasPrefix("/") {
      components = text.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map { (part: Substring) -> String in
        String(part).replacingOccurrences("~1", with: "/").replacingOccurrences("~0", with: "~")
      }
    } else if text.hasPrefix(".") {
      components = try Self.jqComponents(Array(text))
    } else {
      throw Invalid(description: "\(text): not a path (write /features or .features)")
    }
  }

  /// The components of a jq path: `.key`, `.["key"]`, `["key"]`, `[0]`.
  private static func jqComponents(_ chars: [Character]) throws(Invalid) -> [String] {
    var result: [String] = []
    var i = 0
    let text = String(chars)
    func bad() -> Invalid { Invalid(description: "\(text): not a path (write .features, .[\"3166-1\"] or .data[0])") }
    while i < chars.count {
      if chars[i] == "." {
        i += 1
        if i == chars.count { break }
        if chars[i] == "[" { continue }
        var name = ""
        while i < chars.count, chars[i] != ".", chars[i] != "[" {
          name.append(chars[i])
          i += 1
        }
        if name.hasPrefix("\""), name.hasSuffix("\""), name.count >= 2 {
          name = String(name.dropFirst().dropLast())
        }
        guard !name.isEmpty else { throw bad() }
        result.append(name)
      } else if chars[i] == "[" {
        i += 1
        var inside = ""
        var quoted = false
        if i < chars.count, chars[i] == "\"" {
          quoted = true
          i += 1
          while i < chars.count, chars[i] != "\"" {
            if chars[i] == "\\", i + 1 < chars.count { i += 1 }
            inside.append(chars[i])
            i += 1
          }
          guard i < chars.count else { throw bad() }
          i += 1
        } else {
          while i < chars.count, chars[i] != "]" {
            inside.append(chars[i])
            i += 1
          }
        }
        guard i < chars.count, chars[i] == "]" else { throw bad() }
        i += 1
        if !quoted, Int(inside) == nil { throw bad() }
        result.append(inside)
      } else {
        throw bad()
      }
    }
    return result
  }

  /// The path as a JSON Pointer: `/features`, or `/` for the whole document.
  public var description: String {
    guard !components.isEmpty else { return "/" }
    return components.map {
      "/" + $0.replacingOccurrences("~", with: "~0").replacingOccurrences("/", with: "~1")
    }.joined()
  }
}

extension String {
  /// `self` with every `target` replaced by `replacement` (no Foundation).
  func replacingOccurrences(_ target: String, with replacement: String) -> String {
    guard !target.isEmpty, contains(target) else { return self }
    var result = ""
    var rest = self[...]
    while let range = rest.firstRange(of: target) {
      result += rest[..<range.lowerBound]
      result += replacement
      rest = rest[range.upperBound...]
    }
    return result + rest
  }
}
