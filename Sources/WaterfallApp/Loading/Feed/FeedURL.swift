/// The URLs of a feed's pages: its URL with a query parameter set, as
/// `--next-param` and `--page-param` ask.
///
/// ```swift
/// FeedURL.setting("page", to: "2", in: "https://h/items?per=5&page=1#top")   // "https://h/items?per=5&page=2#top"
/// FeedURL.setting("after", to: "a b/c", in: "https://h/items")               // "https://h/items?after=a%20b%2Fc"
/// ```
enum FeedURL {
  /// `url` with the query parameter `name` set to `value` (percent-encoded):
  /// in place of its first occurrence (later ones dropped), or added at the end
  /// of the query; a fragment stays last.
  static func setting(_ name: String, to value: String, in url: String) -> String {
    var rest = Substring(url)
    var fragment = ""
    if let hash = rest.firstIndex(of: "#") {
      fragment = String(rest[hash...])
      rest = rest[..<hash]
    }
    var query: [Substring] = []
    if let question = rest.firstIndex(of: "?") {
      query = rest[rest.index(after: question)...].split(separator: "&", omittingEmptySubsequences: true)
      rest = rest[..<question]
    }
    let pair = encoded(name) + "=" + encoded(value)
    var placed = false
    var pairs: [String] = []
    for part in query {
      let key = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
      guard decoded(key) == name else {
        pairs.append(String(part))
        continue
      }
      if !placed { pairs.append(pair) }
      placed = true
    }
    if !placed { pairs.append(pair) }
    return rest + "?" + pairs.joined(separator: "&") + fragment
  }

  /// The value of the query parameter `name` in `url`, decoded; nil when absent.
  static func value(of name: String, in url: String) -> String? {
    var rest = Substring(url)
    if let hash = rest.firstIndex(of: "#") { rest = rest[..<hash] }
    guard let question = rest.firstIndex(of: "?") else { return nil }
    for part in rest[rest.index(after: question)...].split(separator: "&") {
      let halves = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      if decoded(halves[0]) == name { return halves.count > 1 ? decoded(halves[1]) : "" }
    }
    return nil
  }

  /// `text` percent-encoded for a query: everything but letters, digits and `-._~`.
  static func encoded(_ text: String) -> String {
    var out = ""
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
        UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
        out.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        let digits = Array("0123456789ABCDEF")
        out += "%" + String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 15)])
      }
    }
    return out
  }

  /// `text` with its `%XX` escapes (and `+` as a space) undone.
  static func decoded(_ text: Substring) -> String {
    var bytes: [UInt8] = []
    var index = text.utf8.startIndex
    let utf8 = text.utf8
    while index < utf8.endIndex {
      let byte = utf8[index]
      if byte == UInt8(ascii: "%"), let high = utf8.index(index, offsetBy: 1, limitedBy: utf8.endIndex),
        let low = utf8.index(index, offsetBy: 2, limitedBy: utf8.endIndex), low < utf8.endIndex,
        let value = UInt8(String(decoding: [utf8[high], utf8[low]], as: UTF8.self), radix: 16)
      {
        bytes.append(value)
        index = utf8.index(after: low)
        continue
      }
      bytes.append(byte == UInt8(ascii: "+") ? 0x20 : byte)
      index = utf8.index(after: index)
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
