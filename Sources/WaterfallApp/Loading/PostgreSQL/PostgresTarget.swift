/// The server a user named: a URI (`postgresql://…`, `postgres://…`) or a
/// libpq connection string (`host=db dbname=shop`), as given, and the same text
/// with its password hidden for anything shown.
///
/// libpq reads the text itself (``PostgresConnection``), so everything it
/// knows works as its users expect: `PG*` variables fill what the text leaves
/// out, `~/.pgpass` and service files (`service=name`) give passwords and
/// settings. This type only ever hides: ``redacted`` replaces the password of
/// a URI's user part, a `password=` query parameter and a `password=` keyword
/// with `***`, and ``description`` is that text, so interpolating a target
/// into a message cannot leak it.
///
/// ```swift
/// let target = PostgresTarget("postgresql://ann:s3cret@db.example/shop?sslmode=require")
/// target.redacted   // "postgresql://ann:***@db.example/shop?sslmode=require"
/// PostgresTarget("host=db password='a b' dbname=shop").redacted   // "host=db password=*** dbname=shop"
/// ```
public struct PostgresTarget: Sendable, Equatable, CustomStringConvertible {
  public var text: String

  public init(_ text: String) {
    self.text = text
  }

  /// Whether `text` is a PostgreSQL URI rather than a connection string.
  public static func isURI(_ text: String) -> Bool {
    text.hasPrefix("postgresql://") || text.hasPrefix("postgres://")
  }

  public var isURI: Bool { Self.isURI(text) }

  /// The text with every password replaced by `***`.
  public var redacted: String {
    var secrets: [String] = []
    return isURI ? Self.redactedURI(text, secrets: &secrets) : Self.redactedKeywords(text, secrets: &secrets)
  }

  /// The passwords the text holds, as written and percent-decoded: what
  /// messages are scrubbed of.
  var passwords: [String] {
    var secrets: [String] = []
    _ = isURI ? Self.redactedURI(text, secrets: &secrets) : Self.redactedKeywords(text, secrets: &secrets)
    return secrets + secrets.compactMap(Self.percentDecoded).filter { !secrets.contains($0) }
  }

  /// `text` with `%XX` read as bytes; nil when there is none or it is not UTF-8.
  static func percentDecoded(_ text: String) -> String? {
    guard text.contains("%") else { return nil }
    var bytes: [UInt8] = []
    let utf8 = Array(text.utf8)
    var i = 0
    while i < utf8.count {
      if utf8[i] == UInt8(ascii: "%"), i + 2 < utf8.count, let byte = UInt8(String(decoding: utf8[(i + 1)...(i + 2)], as: UTF8.self), radix: 16) {
        bytes.append(byte)
        i += 3
      } else {
        bytes.append(utf8[i])
        i += 1
      }
    }
    return String(validating: bytes, as: UTF8.self)
  }

  public var description: String { redacted }

  static let hidden = "***"

  /// A URI without its password: `user:***@`, `password=***`.
  static func redactedURI(_ uri: String, secrets: inout [String]) -> String {
    guard let schemeEnd = uri.firstRange(of: "://") else { return uri }
    let rest = uri[schemeEnd.upperBound...]
    let queryStart = rest.firstIndex(of: "?") ?? rest.endIndex
    var out = String(uri[..<schemeEnd.upperBound])
    var authorityAndPath = rest[..<queryStart]
    if let at = authorityAndPath.lastIndex(of: "@") {
      let userinfo = authorityAndPath[..<at]
      if let colon = userinfo.firstIndex(of: ":") {
        out += userinfo[..<colon] + ":" + hidden
        secrets.append(String(userinfo[userinfo.index(after: colon)...]))
      } else {
        out += userinfo
      }
      authorityAndPath = authorityAndPath[at...]
    }
    out += authorityAndPath
    guard queryStart < rest.endIndex else { return out }
    let query = rest[rest.index(after: queryStart)...]
    var pairs: [String] = []
    for pair in query.split(separator: "&", omittingEmptySubsequences: false) {
      guard let equals = pair.firstIndex(of: "="), pair[..<equals].lowercased() == "password" else {
        pairs.append(String(pair))
        continue
      }
      secrets.append(String(pair[pair.index(after: equals)...]))
      pairs.append(pair[...equals] + hidden)
    }
    return out + "?" + pairs.joined(separator: "&")
  }

  /// A connection string without its password: `password=***`, whatever the
  /// quoting; a `dbname` that is itself a URI loses its password too.
  static func redactedKeywords(_ text: String, secrets: inout [String]) -> String {
    let characters = Array(text)
    var out = ""
    var i = 0
    func skipSpace() {
      while i < characters.count, characters[i].isWhitespace {
        out.append(characters[i])
        i += 1
      }
    }
    while i < characters.count {
      skipSpace()
      var key = ""
      while i < characters.count, characters[i] != "=", !characters[i].isWhitespace {
        key.append(characters[i])
        i += 1
      }
      out += key
      skipSpace()
      guard i < characters.count, characters[i] == "=" else { continue }
      out.append("=")
      i += 1
      skipSpace()
      // The value: quoted ('it\'s'), or up to the next space; `\` escapes.
      var value = ""
      if i < characters.count, characters[i] == "'" {
        value.append("'")
        i += 1
        while i < characters.count, characters[i] != "'" {
          if characters[i] == "\\", i + 1 < characters.count {
            value.append(characters[i])
            i += 1
          }
          value.append(characters[i])
          i += 1
        }
        if i < characters.count {
          value.append("'")
          i += 1
        }
      } else {
        while i < characters.count, !characters[i].isWhitespace {
          if characters[i] == "\\", i + 1 < characters.count {
            value.append(characters[i])
            i += 1
          }
          value.append(characters[i])
          i += 1
        }
      }
      switch key.lowercased() {
      case "password":
        out += hidden
        secrets.append(value)
        if value.hasPrefix("'") { secrets.append(Self.unquoted(value)) }
      case "dbname" where isURI(value): out += redactedURI(value, secrets: &secrets)
      default: out += value
      }
    }
    return out
  }

  /// A quoted value's text: `'it\'s'` is `it's`.
  static func unquoted(_ value: String) -> String {
    var out = ""
    var escaped = false
    for character in value.dropFirst().dropLast(value.hasSuffix("'") && value.count > 1 ? 1 : 0) {
      if !escaped, character == "\\" {
        escaped = true
        continue
      }
      out.append(character)
      escaped = false
    }
    return out
  }

  /// `message` with each of `secrets` replaced by `***`: what every message
  /// from libpq or the server goes through before anyone sees it. A secret
  /// shorter than four characters is hidden only where it stands alone (not
  /// inside a word), so a one-letter password does not garble the message.
  static func scrub(_ message: String, secrets: [String]) -> String {
    var out = message
    for secret in secrets where !secret.isEmpty {
      if secret.count >= 4 {
        out = out.replacingOccurrences(secret, with: hidden)
      } else {
        out = out.replacingWhole(secret, with: hidden)
      }
    }
    return out
  }
}

extension String {
  /// Replaces `target` where the characters around it are not letters or digits.
  fileprivate func replacingWhole(_ target: String, with replacement: String) -> String {
    var out = ""
    var rest = self[...]
    while let found = rest.firstRange(of: target) {
      let before = found.lowerBound > startIndex ? self[index(before: found.lowerBound)] : " "
      let after = found.upperBound < endIndex ? self[found.upperBound] : " "
      let alone = !(before.isLetter || before.isNumber) && !(after.isLetter || after.isNumber)
      out += rest[..<found.lowerBound] + (alone ? replacement : target)
      rest = rest[found.upperBound...]
    }
    return out + rest
  }
}
