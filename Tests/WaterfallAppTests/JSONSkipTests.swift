import Testing

@testable import WaterfallApp

/// Skipping a value (what a scan does to every member no role names) checks it
/// as parsing it does, building nothing: the same end, and the same error at the
/// same place, for scalars, broken scalars and the containers holding them.
@Suite struct JSONSkipTests {
  static let texts = [
    "true", "false", "null", "tru", "nul", "fals", "t", "truex", "0", "-0", "12", "-12.5", "1e9", "1.5E-3", "01",
    "-", "1.", "1e", "1e+", ".5", "+1", "x", "@", "", "\"s\"", "\"s", "[1,true,null,\"a\"]", "[1,tru]", "[1,]",
    "{\"a\":1.}", "{\"a\":-}", "{\"a\":[0,{\"b\":nul}]}", "{\"a\":1,\"b\":false}", "[01]",
  ]

  @Test(arguments: texts)
  func skippingAValueEndsAndFailsWhereParsingItDoes(_ text: String) {
    let bytes = Array(text.utf8)
    bytes.withUnsafeBufferPointer { buffer in
      var parsing = JSONParser(bytes: buffer)
      var parseError: JSONSyntaxError?
      do throws(JSONSyntaxError) { _ = try parsing.parseValue() } catch { parseError = error }
      var skipping = JSONParser(bytes: buffer)
      var skipError: JSONSyntaxError?
      do throws(JSONSyntaxError) { try skipping.skipValue() } catch { skipError = error }
      #expect(skipError == parseError, "\(text)")
      if parseError == nil { #expect(skipping.position == parsing.position, "\(text)") }
    }
  }
}
