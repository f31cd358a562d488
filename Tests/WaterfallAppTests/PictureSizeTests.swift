import Testing
import WaterfallLayout
import WaterfallView

@testable import WaterfallApp

/// Pictures at their size: never drawn larger than about twice it (an icon stays
/// small, its caption under it), a file name on one line elided in the middle,
/// and the status bar's counts in words that agree with them.
@Suite struct PictureSizeTests {
  static func aspect(_ width: Double, _ height: Double) -> CardContent.Aspect { CardContent.Aspect(width: width, height: height)! }

  @Test func anIconIsDrawnAtTwiceItsSizeAtMost() {
    #expect(PictureArea(aspect: Self.aspect(16, 16), inner: 24) == PictureArea(width: 4, rows: 2))
    #expect(PictureArea(aspect: Self.aspect(48, 48), inner: 24) == PictureArea(width: 12, rows: 6))
    // A photo fills its card, as before.
    let photo = PictureArea(aspect: Self.aspect(332, 205), inner: 24)
    #expect(photo.width == 24 && photo.rows == ItemSize.aspect(width: 332, height: 205).height(forWidth: 24, aspectCorrection: 0.5))
    // Wider than twice its size, a card centres the picture at its shape.
    #expect(PictureArea(aspect: Self.aspect(160, 120), inner: 60) == PictureArea(width: 40, rows: 15))
    #expect(PictureArea.largest(Self.aspect(16, 16)) == Size(width: 4, height: 2))
  }

  @Test func anIconsCardIsSmallWithItsCaptionOnOneLine() {
    let icon = CardContent(title: "address-book-new-symbolic.symbolic.png", image: "a.png", aspect: Self.aspect(16, 16))
    let plan = CardPlan(content: icon, width: 26)
    #expect(plan.imageRows == 2 && plan.pictureWidth == 4)
    #expect(plan.title == ["address-book…ymbolic.png"])
    #expect(plan.height == 2 + 2 + 1)
    var packed: [UInt8] = []
    icon.pack(into: &packed)
    #expect(packed.withUnsafeBufferPointer { CardContent.packedHeight(in: $0, width: 26) } == plan.height)
    // A title of words under a picture still wraps.
    let words = CardContent(title: "A long title of several words", image: "a.png", aspect: Self.aspect(16, 16))
    #expect(CardPlan(content: words, width: 16).title == ["A long title", "of several", "words"])
  }

  @Test func theCardDrawsTheIconCentredAndItsNameUnderIt() throws {
    let store = ItemStore(roles: FieldRoles())
    try store.append(json: Array(#"{"name":"go-home-symbolic.symbolic.png","img":"go-home.png","w":16,"h":16}"#.utf8))
    var options = Browser.Options()
    options.animates = false
    options.columns = 1
    let b = Browser(store: store, options: options, size: Size(width: 22, height: 7))
    let screen = CellBuffer(width: 22, height: 7)
    b.draw(in: screen)
    #expect(screen.lines[0] == "┏━━━━━━━━━━━━━━━━━━━━┓")
    // The placeholder, four cells wide in the middle, with no label in it.
    let row = Array(screen.lines[1])
    #expect(row[1..<9].allSatisfy { $0 == " " } && row[9..<13].contains { $0 != " " } && row[13..<21].allSatisfy { $0 == " " }, "\(screen.lines[1])")
    #expect(screen.lines[3] == "┃go-home-sy…bolic.png┃")
    #expect(screen.lines[4] == "┗━━━━━━━━━━━━━━━━━━━━┛")
  }

  @Test func theStatusBarCountsInWordsThatAgree() {
    var bar = StatusBar(position: "1/3", layout: "1 column · waterfall", theme: .unicode)
    bar.groups = 1
    let screen = CellBuffer(width: 60, height: 1)
    bar.draw(in: screen, row: 0, width: 60)
    #expect(screen.lines[0].contains("1 column · waterfall │ 1 group "))
    #expect(LayoutCoordinator.count(1, "column") == "1 column" && LayoutCoordinator.count(3, "row") == "3 rows")
  }

  @Test func everyGroupFoundIsCountedNotOnlyThoseLaidOut() throws {
    let store = ItemStore(roles: FieldRoles())
    try store.append(json: Array(#"{"title":"a"}"#.utf8))
    var options = Browser.Options()
    options.groups = true
    options.animates = false
    let b = Browser(store: store, options: options, size: Size(width: 60, height: 8))
    b.groupsFound = 13
    let screen = CellBuffer(width: 60, height: 8)
    b.draw(in: screen)
    #expect(screen.lines[7].contains("13 groups"), "\(screen.lines[7])")
    // Filtered, the groups shown.
    b.applyFilter("zzz")
    b.draw(in: screen)
    #expect(!screen.lines[7].contains("13 groups"))
  }
}
