import WaterfallView

/// Pictures in the browser: set ``pictures`` and cards draw thumbnails where they
/// had placeholders, and the details panel shows the picture across its width.
///
/// ```swift
/// browser.pictures = Pictures(baseDirectory: "Data/shops", mode: .palette256)
/// ```
extension Browser {
  public var pictures: Pictures? {
    get { cards.dataSource.pictures }
    set {
      cards.dataSource.pictures = newValue
      // Cards already on screen were configured without pictures.
      collectionView.reloadData()
      if var details {
        details.pictures = newValue
        self.details = details
      }
    }
  }

  /// Draws the whole screen into `screen` with every picture on it shown:
  /// one frame asks for the pictures it shows, they decode here, on this thread,
  /// and the next frame draws them. What `render --pictures` does; the live
  /// screen decodes off the main thread instead. Without pictures it is one
  /// ``draw(in:)``.
  public func drawDecodingPictures(in screen: CellBuffer) {
    if let pictures {
      pictures.beginFrame()
      draw(in: screen)
      pictures.decodeWaiting()
      pictures.beginFrame()
      screen.clear()
    }
    draw(in: screen)
  }
}
