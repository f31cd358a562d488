import CNcursesw
import CTextWidth
import Testing

/// The two C doorways link and answer what glibc and ncurses answer.
@Suite struct CTargetsTests {
  init() {
    _ = ct_use_utf8_ctype()
  }

  @Test func wideCharactersAreTwoColumns() {
    #expect(ct_wcwidth(UInt32(("价" as Unicode.Scalar).value)) == 2)
    #expect(ct_wcwidth(0x1F600) == 2)  // 😀
  }

  @Test func combiningMarkIsZeroColumns() {
    #expect(ct_wcwidth(0x0301) == 0)
  }

  @Test func asciiIsOneColumnAndControlsAreUnprintable() {
    #expect(ct_wcwidth(UInt32(("a" as Unicode.Scalar).value)) == 1)
    #expect(ct_wcwidth(0x1B) == -1)
  }

  @Test func attributeWrappersReturnNcursesValues() {
    // NCURSES_ATTR_SHIFT is 8: A_BOLD is bit 21, A_REVERSE bit 18, A_UNDERLINE bit 17.
    #expect(cn_a_bold() == 1 << 21)
    #expect(cn_a_reverse() == 1 << 18)
    #expect(cn_a_underline() == 1 << 17)
    #expect(cn_a_normal() == 0)
    #expect(cn_color_pair(3) == 3 << 8)
  }

  @Test func keyAndMouseWrappers() {
    #expect(cn_key_f(1) == KEY_F0 + 1)
    #expect(cn_button4_pressed() != 0)
    #expect(cn_button5_pressed() != 0)
    #expect(cn_button4_pressed() != cn_button5_pressed())
  }
}
