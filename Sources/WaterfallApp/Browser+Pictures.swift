/// Pictures in the browser: set ``pictures`` and cards draw thumbnails where they
/// had placeholders, and the details panel shows the picture across its width.
///
/// ```swift
/// browser.pictures = Pictures(baseDirectory: "Data/shops", mode: .palette256)
/// ```
extension Browser {
  public var pictures: Pictures? {
    get { dataSource.pictures }
    set {
      dataSource.pictures = newValue
      // Cards already on screen were configured without pictures.
      collectionView.reloadData()
      if var details {
        details.pictures = newValue
        self.details = details
      }
    }
  }
}
