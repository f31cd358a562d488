import TestSupport
import Testing
@testable import WaterfallApp

/// What needs no server: passwords hidden from targets and messages, `bytea`
/// text read back, pictures told by their first bytes, types told by their OIDs.
@Suite struct PostgresTargetTests {
  @Test(arguments: [
    ("postgresql://ann:s3cret@db.example/shop", "postgresql://ann:***@db.example/shop", ["s3cret"]),
    ("postgres://ann:p%40ss@db:5433/shop?sslmode=require", "postgres://ann:***@db:5433/shop?sslmode=require", ["p%40ss", "p@ss"]),
    ("postgresql://ann@db/shop?password=hunter22&sslmode=verify-full", "postgresql://ann@db/shop?password=***&sslmode=verify-full", ["hunter22"]),
    ("postgresql://a:b@c@h1,h2/db", "postgresql://a:***@h1,h2/db", ["b@c"]),
    ("postgresql:///shop", "postgresql:///shop", []),
    ("host=db dbname=shop password=s3cret user=ann", "host=db dbname=shop password=*** user=ann", ["s3cret"]),
    ("host=db password = 'it\\'s a secret' dbname=shop", "host=db password = *** dbname=shop", ["'it\\'s a secret'", "it's a secret"]),
    ("password=a\\ b host=db", "password=*** host=db", ["a\\ b"]),
    ("dbname=postgresql://ann:s3cret@db/shop", "dbname=postgresql://ann:***@db/shop", ["s3cret"]),
    ("service=shop", "service=shop", []),
  ])
  func passwordsAreHidden(target: String, redacted: String, passwords: [String]) {
    let target = PostgresTarget(target)
    #expect(target.redacted == redacted)
    #expect("\(target)" == redacted)
    #expect(target.passwords == passwords)
  }

  @Test func messagesAreScrubbedOfSecrets() {
    #expect(PostgresTarget.scrub("bad value s3cret-pw in s3cret-pw", secrets: ["s3cret-pw"]) == "bad value *** in ***")
    // A short secret is hidden only where it stands alone.
    #expect(PostgresTarget.scrub("password x for user ann: x", secrets: ["x"]) == "password *** for user ann: ***")
    #expect(PostgresTarget.scrub("the server said no", secrets: ["e"]) == "the server said no")
    #expect(PQConnection.oneLine("connection to server failed: FATAL:  no\n\tIs the server running?\n") == "connection to server failed: FATAL: no; Is the server running?")
  }

  @Test func byteaTextIsReadBack() {
    #expect(PostgresBytea.decode(Array(#"\x89504e47"#.utf8)) == [0x89, 0x50, 0x4E, 0x47])
    #expect(PostgresBytea.decode(Array(#"\xFFd8"#.utf8)) == [0xFF, 0xD8])
    #expect(PostgresBytea.decode(Array(#"\x"#.utf8)) == [])
    #expect(PostgresBytea.decode(Array(#"a\\b\001\377"#.utf8)) == [0x61, 0x5C, 0x62, 0x01, 0xFF])
  }

  @Test func picturesAreToldByTheirFirstBytes() {
    #expect(PictureSignature.kind(of: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A]) == "PNG")
    #expect(PictureSignature.kind(of: [0xFF, 0xD8, 0xFF, 0xE0]) == "JPEG")
    #expect(PictureSignature.kind(of: Array("GIF89a".utf8)) == "GIF")
    #expect(PictureSignature.kind(of: Array("RIFF\u{0}\u{0}\u{0}\u{0}WEBPVP8 ".utf8)) == "WebP")
    #expect(PictureSignature.kind(of: Array("RIFF\u{0}\u{0}\u{0}\u{0}WAVE".utf8)) == nil)
    #expect(PictureSignature.describe([1, 2], size: 1_234, what: "bytea") == "<bytea, 1,234 bytes>")
    #expect(PictureSignature.describe([0xFF, 0xD8, 0xFF], size: 1, what: "bytea") == "<JPEG picture, 1 byte>")
  }

  @Test(arguments: [
    (16 as UInt32, PostgresColumn.Kind.boolean), (20, .bigInteger), (21, .integer), (23, .integer), (26, .integer),
    (700, .float), (701, .float), (114, .json), (3802, .json), (17, .bytes), (25, .text), (1700, .text), (1184, .text),
    (1009, .text), (2950, .text),
  ])
  func typesAreToldByTheirOIDs(type: UInt32, kind: PostgresColumn.Kind) {
    #expect(PostgresColumn(name: "c", type: type).kind == kind)
  }
}
