import Testing
import WaterfallDigest

/// MD5 against the test suite of RFC 1321 (appendix A.5), and the lengths around
/// a block's padding boundary (compared with `md5sum`'s digests).
@Suite struct MD5Tests {
  @Test(arguments: [
    ("", "d41d8cd98f00b204e9800998ecf8427e"),
    ("a", "0cc175b9c0f1b6a831c399e269772661"),
    ("abc", "900150983cd24fb0d6963f7d28e17f72"),
    ("message digest", "f96b697d7cb7938d525a2f31aaf161d0"),
    ("abcdefghijklmnopqrstuvwxyz", "c3fcd3d76192e4007dfb496cca67e13b"),
    ("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789", "d174ab98d277d9f5a5611c2c9f419d9f"),
    (
      "12345678901234567890123456789012345678901234567890123456789012345678901234567890",
      "57edf4a22be3c955ac49da2e2107b67a"
    ),
    // The freedesktop thumbnail specification's example URI.
    ("file:///home/jens/photos/me.png", "c6ee772d9e49320e97ec29a7eb5b1697"),
  ])
  func knownVectors(text: String, digest: String) {
    #expect(MD5(of: text).hex == digest)
  }

  @Test(arguments: [55, 56, 57, 63, 64, 65, 119, 120, 1000])
  func lengthsAroundThePadding(length: Int) {
    let expected: [Int: String] = [
      55: "ef1772b6dff9a122358552954ad0df65", 56: "3b0c8ac703f828b04c6c197006d17218",
      57: "652b906d60af96844ebd21b674f35e93", 63: "b06521f39153d618550606be297466d5",
      64: "014842d480b571495a4a0363793f7367", 65: "c743a45e0d2e6a95cb859adae0248435",
      119: "8a7bd0732ed6a28ce75f6dabc90e1613", 120: "5f61c0ccad4cac44c75ff505e1f1e537",
      1000: "cabe45dcc9ae5b66ba86600cca6b8ba8",
    ]
    #expect(MD5(of: [UInt8](repeating: UInt8(ascii: "a"), count: length)).hex == expected[length])
  }
}
