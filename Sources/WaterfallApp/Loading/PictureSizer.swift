import Dispatch
import Synchronization
import WaterfallImages

/// Reads the sizes of pictures that items name without `w`/`h`, from the
/// pictures' headers, on a queue of its own, so the thread that draws never
/// waits for a disk.
///
/// The ``LoadController`` hands it the items to measure as they arrive
/// (``measure(_:generation:)``) and takes the sizes found with ``takeSizes()``,
/// putting them in the store (``ItemStore/setPictureSize(_:at:)``); the cards then
/// take their heights. A header is read once per file however many items name it;
/// a picture that cannot be read keeps its card as it was (its details say why,
/// when the card asks for its picture). A remote picture (`https://…`) is never
/// read. Requests carry a generation: ``cancel(before:)`` drops a reload's
/// predecessors.
///
/// ```swift
/// let sizer = PictureSizer(wake: { wakeUp.signal() })
/// sizer.measure([(item: 7, path: "Data/img/mug.png")], generation: 0)
/// // later, on the main thread:
/// for size in sizer.takeSizes() where size.generation == 0 { store.setPictureSize(size.aspect, at: size.item) }
/// ```
final class PictureSizer: Sendable {
  /// One size found.
  struct Size: Sendable {
    var generation: Int
    var item: Int
    var aspect: CardContent.Aspect
  }

  private struct Mailbox {
    var sizes: [Size] = []
    var requested = 0
    var done = 0
    var oldestLiveGeneration = 0
  }

  /// How many sizes are found before they are handed over.
  static let batch = 64
  /// How many files' sizes are remembered.
  static let cacheLimit = 65_536

  private let wake: @Sendable () -> Void
  private let queue = DispatchQueue(label: "waterfall.picture-sizes", qos: .utility)
  private let mailbox = Mutex(Mailbox())
  /// Each file's size (nil: unreadable), forgotten wholesale past ``cacheLimit`` files.
  private let known = Mutex([String: CardContent.Aspect?]())

  init(wake: @escaping @Sendable () -> Void) {
    self.wake = wake
  }

  /// Reads the headers of `requests` (store items and the paths of their
  /// pictures), in order, after those asked for before.
  func measure(_ requests: [(item: Int, path: String)], generation: Int) {
    guard !requests.isEmpty else { return }
    mailbox.withLock { $0.requested += requests.count }
    queue.async { [self] in
      var found: [Size] = []
      var counted = 0
      for (n, request) in requests.enumerated() {
        if mailbox.withLock({ $0.oldestLiveGeneration > generation }) { break }
        if let aspect = Self.aspect(ofPicture: request.path, cache: known) {
          found.append(Size(generation: generation, item: request.item, aspect: aspect))
        }
        if found.count >= Self.batch {
          post(found, done: n + 1 - counted)
          counted = n + 1
          found.removeAll()
        }
      }
      // Whatever was not measured (cancelled) counts as done too.
      post(found, done: requests.count - counted)
    }
  }

  /// Hands over `sizes` (and counts `done` requests as finished).
  private func post(_ sizes: [Size], done: Int) {
    mailbox.withLock { box in
      box.sizes += sizes.filter { $0.generation >= box.oldestLiveGeneration }
      box.done += done
    }
    if !sizes.isEmpty || done > 0 { wake() }
  }

  /// The sizes found since the last call.
  func takeSizes() -> [Size] {
    mailbox.withLock { box in
      defer { box.sizes.removeAll() }
      return box.sizes
    }
  }

  /// Whether sizes wait to be taken.
  var hasSizes: Bool { mailbox.withLock { !$0.sizes.isEmpty } }

  /// Whether every header asked for has been read.
  var isIdle: Bool { mailbox.withLock { $0.done >= $0.requested } }

  /// Drops the requests and sizes of generations before `generation`.
  func cancel(before generation: Int) {
    mailbox.withLock { box in
      box.oldestLiveGeneration = max(box.oldestLiveGeneration, generation)
      box.sizes.removeAll { $0.generation < generation }
    }
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
    var requests: [(item: Int, path: String)] = []
    for item in start..<store.count {
      guard let image = store.pictureWithoutSize(at: item) else { continue }
      let path = Pictures.isRemote(image) ? image : Pictures.path(for: image, in: store.pictureFolder(at: item) ?? baseDirectory)
      requests.append((item, path))
    }
    return requests
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
