import WaterfallWorkers

/// A regular file's next chunk, read on a thread of its own while the chunk
/// before it is scanned: the loader then finds the bytes waiting, and its
/// helper no longer idles through every `read`.
///
/// Reading 8 MiB from the page cache is a copy the kernel makes on the
/// calling thread; done in turn, it left the scan's helper waiting about a
/// tenth of a whole load of a JSON array. Each chunk is read ``headroom``
/// bytes into its buffer, so the bytes left over from the chunk before fit in
/// front of it and the buffer becomes the reader's own without another copy
/// (``ChunkBuffer/adopt(_:at:count:)``). Only a file read front to back uses
/// one (`PageLoad`): standard input is spooled as it is read, and a pipe
/// hands over what it has.
///
/// ```swift
/// let ahead = ReadAhead(file: file, from: 65_536, chunk: 1 << 23)   // starts reading at once
/// var buffer: [UInt8] = []
/// let n = try ahead.next(into: &buffer)   // buffer[ReadAhead.headroom...]: n bytes; the next chunk is on its way
/// ahead.close()                           // the thread ends after the read it is in
/// ```
final class ReadAhead: @unchecked Sendable {
  /// The room left before each chunk, for the bytes the chunk before left over.
  static let headroom = 1 << 16

  private let file: PageFile
  private let chunk: Int
  /// Where the next read starts in the file: the thread's own.
  private var offset: Int
  private let lock = ConditionLock()
  // Guarded by `lock`:
  /// The buffer the thread reads into; taken by the thread while it reads.
  private var spare: [UInt8] = []
  /// What the read of `spare` gave: its byte count or its failure (nil: not read yet).
  private var result: Result<Int, FileSystem.Failure>?
  /// Whether the thread is to read into `spare` (again).
  private var isWanted = true
  private var isClosed = false

  /// Starts reading `file`'s `chunk` bytes from `offset` at once.
  init(file: PageFile, from offset: Int, chunk: Int) {
    self.file = file
    self.offset = offset
    self.chunk = chunk
    _ = WorkerThread(name: "wf-read-ahead") { [self] in serve() }
  }

  /// Swaps `buffer` for the chunk read ahead (its bytes start at
  /// ``headroom``), waiting for it if need be, and starts reading the next one
  /// into the buffer given back; returns the chunk's byte count (0 at the
  /// end), or throws what its read threw.
  func next(into buffer: inout [UInt8]) throws(FileSystem.Failure) -> Int {
    let read = lock.withLock {
      while result == nil { lock.wait() }
      swap(&buffer, &spare)
      let read = result!
      result = nil
      // After the end or a failure there is nothing more to read.
      if case .success(let count) = read, count > 0 {
        isWanted = true
        lock.broadcast()
      }
      return read
    }
    return try read.get()
  }

  /// Lets the thread end once the read it is in (if any) is over.
  func close() {
    lock.withLock {
      isClosed = true
      lock.broadcast()
    }
  }

  /// The thread's loop: read when asked, until closed.
  private func serve() {
    while true {
      guard
        var buffer: [UInt8] = lock.withLock({
          while !isWanted && !isClosed { lock.wait() }
          isWanted = false
          if isClosed { return nil }
          var taken: [UInt8] = []
          swap(&taken, &spare)
          return taken
        })
      else { return }
      if buffer.count < Self.headroom + chunk { buffer = [UInt8](repeating: 0, count: Self.headroom + chunk) }
      let (offset, chunk) = (offset, chunk)
      let read = buffer.withUnsafeMutableBytes { bytes in
        Result { () throws(FileSystem.Failure) in
          try file.read(at: offset, into: UnsafeMutableRawBufferPointer(rebasing: bytes[Self.headroom..<(Self.headroom + chunk)]))
        }
      }
      if case .success(let count) = read { self.offset += count }
      lock.withLock {
        spare = buffer
        result = read
        lock.broadcast()
      }
    }
  }
}
