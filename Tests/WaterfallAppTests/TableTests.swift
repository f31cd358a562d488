import Foundation
import Testing
import TestSupport
import WaterfallLayout
import WaterfallView

@testable import WaterfallApp

/// The `table` layout: the column model alone (which fields, their widths
/// from the first items, the current column, the scroll), then the screens it
/// draws, as text.
@Suite struct TableTests {
  static let processes = """
    USER,PID,%CPU,COMMAND
    root,1,0.4,/sbin/init splash
    me,4242,12.5,vim notes.txt
    www-data,80,0.0,"nginx: worker process"

    """

  /// The store of `text` read as the file `name`, the cards' fields inferred.
  static func store(_ text: String = processes, name: String = "ps.csv") throws -> ItemStore {
    try InferredFieldsTests.load(text, name: name).0
  }

  static func columns(_ store: ItemStore) -> TableColumns {
    TableColumns(
      contents: (0..<store.count).map(store.content(at:)), roles: store.roles.resolved,
      order: store.roles.inference?.fieldOrder ?? [])
  }

  static func browser(_ store: ItemStore, width: Int = 40, height: Int = 6) -> Browser {
    var options = Browser.Options()
    options.animates = false
    options.layout = .table
    return Browser(store: store, options: options, size: Size(width: width, height: height))
  }

  /// The screen, each line's trailing spaces removed.
  static func lines(_ b: Browser) -> [String] {
    let buffer = CellBuffer(width: b.size.width, height: b.size.height)
    b.draw(in: buffer)
    return buffer.lines.map { String($0.reversed().drop { $0 == " " }.reversed()) }
  }

  // MARK: The columns

  @Test func columnsFollowTheDataWithWidthsFromTheValues() throws {
    let table = Self.columns(try Self.store())
    #expect(table.columns.map(\.name) == ["USER", "PID", "%CPU", "COMMAND"])
    #expect(table.columns.map(\.source) == [.field("USER"), .field("PID"), .subtitle, .title])
    #expect(table.widths == [8, 4, 4, 21])
    #expect(table.columns.map(\.isNumeric) == [false, true, true, false])
    #expect(table.totalWidth == 8 + 4 + 4 + 21 + 3 * 2)
    #expect((0...3).map(table.x(ofColumn:)) == [0, 10, 16, 22])
    #expect(table.sampled == 3)
  }

  @Test func aRowsValuesComeFromItsCard() throws {
    let store = try Self.store()
    let table = Self.columns(store)
    #expect(table.values(of: store.content(at: 2)) == ["www-data", "80", "0.0", "nginx: worker process"])
    // A card without a field has an empty cell there.
    #expect(table.values(of: CardContent(title: "x")) == ["", "", "", "x"])
  }

  @Test func withoutTheDataOrderTheRolesComeFirstAndTheTextLast() {
    var roles = FieldRoles()
    roles.showsRest = true
    let cards = [
      CardContent(title: "Mug", subtitle: "$9", tags: ["kitchen"], text: "A mug", fields: ["shop: Oak", "stock: 3"]),
      CardContent(title: String(repeating: "long ", count: 20), fields: ["shop: Elm", "extra: yes"]),
    ]
    let table = TableColumns(contents: cards, roles: roles)
    #expect(table.columns.map(\.name) == ["title", "price", "shop", "stock", "description", "tags", "extra"])
    #expect(table.widths[0] == TableColumns.widestFromData)
    #expect(table.values(of: cards[0]) == ["Mug", "$9", "Oak", "3", "A mug", "#kitchen", ""])
  }

  @Test func theCurrentColumnMovesAndTheTableScrollsByWholeColumnsToShowIt() throws {
    var table = Self.columns(try Self.store())
    #expect(table.current == 0 && table.scrollX == 0 && table.label == "table · USER 1/4")
    let movedLeftOfTheFirst = table.moveCurrent(by: -1, viewWidth: 30)
    #expect(!movedLeftOfTheFirst)
    table.moveCurrent(by: 2, viewWidth: 30)
    #expect(table.current == 2 && table.firstShown == 0)
    // COMMAND (22..<43) does not fit in 30 columns from 0, nor from PID (10):
    // from %CPU (16) it does.
    table.moveCurrent(by: 1, viewWidth: 30)
    #expect(table.current == 3 && table.firstShown == 2 && table.scrollX == 16)
    #expect(table.label == "table · COMMAND 4/4")
    // Back left of the first shown: it becomes the first.
    table.moveCurrent(by: -3, viewWidth: 30)
    #expect(table.current == 0 && table.firstShown == 0)
    // A column wider than the view shows from its start.
    table.moveCurrent(by: 3, viewWidth: 10)
    #expect(table.firstShown == 3)
  }

  @Test func keysWidenAndNarrowTheCurrentColumnWithinBounds() throws {
    var table = Self.columns(try Self.store())
    table.resizeCurrent(by: 5, viewWidth: 40)
    #expect(table.widths == [13, 4, 4, 21] && table.columns[0].isResized)
    table.resizeCurrent(by: -100, viewWidth: 40)
    #expect(table.widths[0] == 1)
    // Made again from more items, the table keeps what the keys did.
    let again = Self.columns(try Self.store()).keeping(table)
    #expect(again.widths == [1, 4, 4, 21])
  }

  @Test func tablesOpenAsTablesAndEverythingElseAsAWaterfall() throws {
    let csv = try Self.store()
    #expect(LayoutKind.opening(csv, source: FileSource(path: "ps.csv")) == .table)
    let json = try Self.store(#"[{"name":"a","version":"1.0.0"}]"#, name: "pip.json")
    #expect(LayoutKind.opening(json, source: FileSource(path: "pip.json")) == .waterfall)
    let pictures = try Self.store("title,img\nMug,mug.png\n", name: "shop.csv")
    #expect(LayoutKind.opening(pictures, source: FileSource(path: "shop.csv")) == .waterfall)
  }

  // MARK: The screens

  @Test func theTableDrawsAlignedColumnsUnderItsHeader() throws {
    let b = Self.browser(try Self.store())
    #expect(Self.lines(b) == [
      "USER       PID  %CPU  COMMAND",
      "root         1   0.4  /sbin/init splash",
      "me        4242  12.5  vim notes.txt",
      "www-data    80   0.0  nginx: worker proc",
      "─────────────────────── End · 3 items ──",
      " 1/3 │ table · USER 1/4          ? help",
    ])
  }

  @Test func rightMovesTheCurrentColumnAndScrollsTheTableSideways() throws {
    let b = Self.browser(try Self.store(), width: 30)
    for _ in 0..<3 { _ = b.handle(.key(.right)) }
    _ = b.handle(.key(.down))
    #expect(Self.lines(b) == [
      "%CPU  COMMAND",
      " 0.4  /sbin/init splash",
      "12.5  vim notes.txt",
      " 0.0  nginx: worker process",
      "── End · 3 items ─────────────",
      " 2/3 │ table · COMMAN… ? help",
    ])
    #expect(b.selectedItem == 1)
    // Back to the first column: the table scrolls back.
    for _ in 0..<3 { _ = b.handle(.key(.left)) }
    #expect(Self.lines(b)[0] == "USER       PID  %CPU  COMMAND")
  }

  @Test func plusWidensTheCurrentColumnAndEnterOpensTheDetails() throws {
    let b = Self.browser(try Self.store())
    _ = b.handle(.key(.character("+")))
    _ = b.handle(.key(.character("+")))
    #expect(Self.lines(b)[0] == "USER           PID  %CPU  COMMAND")
    #expect(Self.lines(b)[1] == "root             1   0.4  /sbin/init spl")
    _ = b.handle(.key(.character("-")))
    #expect(Self.lines(b)[1] == "root           1   0.4  /sbin/init splas")
    _ = b.handle(.key(.enter))
    #expect(b.mode == .details)
  }

  @Test func groupsEachGetTheirRuleAboveTheHeader() throws {
    let store = try InferredFieldsTests.load(Self.processes, name: "ps.csv", roles: {
      var roles = InferredFieldsTests.inferring
      roles.group = ["USER"]
      return roles
    }()).0
    var options = Browser.Options()
    options.animates = false
    options.layout = .table
    options.groups = true
    let b = Browser(store: store, options: options, size: Size(width: 40, height: 8))
    let lines = Self.lines(b)
    #expect(lines[0].hasPrefix("─ root · 1 ─"))
    #expect(lines[1] == " PID  %CPU  COMMAND")
    #expect(lines[2] == "   1   0.4  /sbin/init splash")
  }
}
