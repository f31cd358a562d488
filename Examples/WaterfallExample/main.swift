// A live waterfall in a terminal, from the library alone: WaterfallLayout places
// the tiles, WaterfallView draws them, WaterfallTerminal runs the loop.
//
//   swift run waterfall-example [COUNT]      arrows move, q quits
import WaterfallLayout
import WaterfallTerminal
import WaterfallView

#if canImport(Glibc)
  import Glibc
#endif

/// A cell of our own: a named tile filled with a pattern, heavier when selected.
final class TileCell: Cell {
  var name = ""
  var pattern: Character = "░"

  override func prepareForReuse() { name = "" }

  override func draw(in canvas: any Canvas, clip: Rect) {
    canvas.drawBox(frame, lines: isSelected ? .heavy : .light, clip: clip)
    let inside = frame.inset(by: EdgeInsets(all: 1))
    guard let area = inside.intersection(clip) else { return }
    canvas.fill(inside, with: pattern, style: Style(foreground: .cyan), clip: area)
    canvas.put(" \(name) ", at: Point(x: inside.minX, y: inside.minY), style: isSelected ? Style(attributes: .bold) : .plain, clip: area)
  }
}

/// Our own data: how many tiles, what each shows, and how tall it is.
final class Tiles: CollectionViewDataSource, CollectionViewDelegate {
  static let patterns: [Character] = ["░", "▒", "▓", "·", "╱", "╲"]
  let count: Int

  init(count: Int) { self.count = count }

  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { count }

  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> Cell {
    let cell = collectionView.dequeueReusableCell(withIdentifier: "tile", for: indexPath) as! TileCell
    cell.name = "Tile \(indexPath.item + 1)"
    cell.pattern = Self.patterns[indexPath.item % Self.patterns.count]
    return cell
  }

  /// Heights from 3 to 8 rows, the same every run.
  func collectionView(_ collectionView: CollectionView, sizeForItemAt indexPath: IndexPath, width: Int) -> ItemSize {
    .height(3 + (indexPath.item * 7 + 3) % 6)
  }
}

/// What the run loop runs: the view above a status line; arrows move, q quits.
final class Viewer: TerminalProgram {
  let view: CollectionView
  let tiles: Tiles

  init(tiles: Tiles, size: Size) {
    self.tiles = tiles
    view = CollectionView(frame: Self.viewFrame(size), layout: WaterfallLayout(columnCount: 4, columnSpacing: 1))
    view.register(TileCell.self, forCellWithReuseIdentifier: "tile")
    view.dataSource = tiles  // weak: `tiles` is kept by the viewer
    view.delegate = tiles
    view.reloadData()
    view.selectFirstItem()
  }

  /// The whole screen but its last row.
  static func viewFrame(_ size: Size) -> Rect {
    Rect(x: 0, y: 0, width: size.width, height: max(0, size.height - 1))
  }

  func draw(in canvas: TerminalCanvas) {
    view.draw(in: canvas)
    let selected = view.selectedIndexPath.map { String($0.item + 1) } ?? "-"
    let status = " \(selected)/\(tiles.count) · arrows move · q quits"
    canvas.fill(Rect(x: 0, y: canvas.size.height - 1, width: canvas.size.width, height: 1), style: Style(attributes: .reverse))
    canvas.put(status, at: Point(x: 0, y: canvas.size.height - 1), style: Style(attributes: .reverse))
  }

  func handle(_ event: InputEvent, time: UInt64) -> TerminalStep<Void> {
    switch event {
    case .key(.up): view.moveSelection(.up)
    case .key(.down): view.moveSelection(.down)
    case .key(.left): view.moveSelection(.left)
    case .key(.right): view.moveSelection(.right)
    case .key(.pageUp): view.moveSelection(byPages: -1)
    case .key(.pageDown): view.moveSelection(byPages: 1)
    case .key(.character("q")), .key(.escape): return .finish(())
    case .resize(let size): view.frame = Self.viewFrame(size)
    default: break
    }
    return .continue
  }
}

let count = CommandLine.arguments.dropFirst().first.flatMap { Int($0) }.map { max(0, $0) } ?? 60
do {
  let loop = try TerminalLoop()
  defer { loop.end() }
  loop.run(Viewer(tiles: Tiles(count: count), size: loop.session.size))
} catch {
  let message = Array("waterfall-example: \(error)\n".utf8)
  _ = write(2, message, message.count)
  exit(1)
}
