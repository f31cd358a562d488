import Synchronization
import WaterfallImages
import WaterfallWorkers

/// Reads the sizes of pictures that items name without `w`/`h`, from the
/// pictures' headers, on a worker of its own (``Worker``), so the thread that
/// draws never waits for a disk.
///
/// The ``LoadController`` hands it the items to measure as they arrive
/// (``measure(_:)``: a job queued after the others, in store order) and takes
/// the sizes found with ``takeSizes()``, in batches of ``batch``, putting them in
/// the store (``ItemStore/setPictureSize(_:at:)``); the cards then take their
/// heights. A header is read once per file however many items name it; a
/// picture that cannot be read keeps its card as it was (its details say why,
/// when the card asks for its picture). A remote picture (`https://…`) is never
/// read. ``cancel()`` drops every request and size (a reload's predecessors).
///
/// ```swift
/// let sizer = PictureSizer(mode: .background(wake: { wakeUp.signal() }))
/// sizer.measure([(item: 7, path: "Data/img/mug.png")])
/// // later, on the main thread:
/// for size in sizer.takeSizes() { store.setPictureSize(size.aspect, at: size.item) }
/// ```
final class PictureSizer {
  /// One size found.
  struct Size: Sendable {
    var item: Int
    var aspect: CardContent.Aspect
  }

  /// How many sizes are found before they are handed over.
  static let batch = 64
  /// How many files' sizes are remembered.
  static let cacheLimit = 65_536

  private let worker: Worker<[Size]>
  /// Each file's size (nil: unreadable), forgotten wholesale past ``cacheLimit`` files.
  private let known = Known()

  init(mode: WorkerMode) {
    worker = Worker(name: "picture-sizes", mode: mode, priority: .normal)
  }

  /// Reads the headers of `requests` (store items and the paths of their
  /// pictures), in order, after those asked for before.
  func measure(_ requests: [(item: Int, path: String)]) {
    guard !requests.isEmpty else { return }
    worker.enqueue { [known] job in
      var found: [Size] = []
      for request in requests {
        if job.isCancelled { return }
        if let aspect = Self.aspect(ofPicture: request.path, cache: known.sizes) {
          found.append(Size(item: request.item, aspect: aspect))
        }
        if found.count >= Self.batch {
          job.deliver(found)
          found.removeAll()
        }
      }
      // Delivered even when empty: it wakes the main thread to the sizer being idle.
      job.deliver(found)
    }
  }

  /// The sizes found since the last call.
  func takeSizes() -> [Size] { worker.take().flatMap { $0 } }

  /// Whether sizes wait to be taken.
  var hasSizes: Bool { worker.hasOutput }

  /// Whether every header asked for has been read.
  var isIdle: Bool { !worker.isBusy }

  /// Drops every request not yet measured, and the sizes not yet taken.
  func cancel() { worker.cancel() }

  /// Runs the jobs waiting (`.stepped`), here.
  @discardableResult
  func runPending() -> Int { worker.runPending() }

  /// The files' sizes the jobs share.
  private final class Known: Sendable {
    let sizes = Mutex([String: CardContent.Aspect?]())
  }

  // MARK: Measuring

  /// The picture at `path` as an aspect, read from its header, or nil when it
  /// cannot be read; `cache` keeps each file's answer.
  static func aspect(ofPicture path: String, cache: borrowing Mutex<[String: CardContent.Aspect?]>) -> CardContent.Aspect? {
    if Pictures.isRemote(path) { return Pictures.remoteAspect }
    if let answer = cache.withLock({ $0[path] }) { return answer }
    let header = try? ImageHeader.read(path)
    let aspect = header.flatMap { CardContent.Aspect(width: Double($0.width), height: Double($0.height)) }
    cache.withLock { known in
      if known.count >= cacheLimit { known.removeAll() }
      known[path] = .some(aspect)
    }
    return aspect
  }

  /// The items of `store` from `start` on whose picture has no size yet, and the
  /// path of each picture: relative names start from the item's page's folder or
  /// `baseDirectory`; a picture by URL as its URL (its card gets
  /// ``Pictures/remoteAspect``, nothing is fetched to measure it).
  static func requests(in store: ItemStore, from start: Int, baseDirectory: String) -> [(item: Int, path: String)] {
    store.picturesWithoutSize(from: start).map { item, image in
      (item, Pictures.path(for: image, in: store.pictureFolder(at: item) ?? baseDirectory))
    }
  }

  /// Gives every item of `store` whose picture has no size the size its header
  /// says, on this thread: for `render` and `layout`, whose output must be the
  /// screen the browser settles on.
  static func measureAll(in store: ItemStore, baseDirectory: String) {
    let cache = Mutex([String: CardContent.Aspect?]())
    for request in requests(in: store, from: 0, baseDirectory: baseDirectory) {
      if let aspect = aspect(ofPicture: request.path, cache: cache) { store.setPictureSize(aspect, at: request.item) }
    }
  }
}
