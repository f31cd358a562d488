import Synchronization
import WaterfallNetwork

/// What the readings of one feed share: the HTTP client (started when the
/// first page is wanted), the first page's validators, and where the latest
/// reading stands, so that a refresh whose first page has not changed (a 304)
/// goes on from there instead of reading every page again.
///
/// Readings are numbered as they open (``beginReading()``); only the latest
/// records its position (``record(_:validators:by:)``): a reading cancelled by a
/// reload cannot overwrite the one that replaced it. A reading records a page as
/// under way before fetching it, so a reading given up in the middle of a page
/// is never taken up (its items would come twice).
///
/// ```swift
/// let session = FeedSession(configuration: settings.client)
/// let reading = session.beginReading()
/// session.record(position, validators: FeedValidators(head), by: reading)
/// session.previous()   // the validators and position the next reading may take up
/// ```
final class FeedSession: Sendable {
  private struct State {
    var client: HTTPClient?
    var latest = 0
    var validators: FeedValidators?
    var position: FeedPosition?
  }

  let configuration: HTTPClientConfiguration
  private let state = Mutex(State())

  init(configuration: HTTPClientConfiguration) {
    self.configuration = configuration
  }

  /// The client, started the first time it is asked for.
  func client() throws(HTTPError) -> HTTPClient {
    try state.withLock { (state) throws(HTTPError) -> HTTPClient in
      if let client = state.client { return client }
      let client = try HTTPClient(configuration: configuration)
      state.client = client
      return client
    }
  }

  /// Opens a new reading, which from now on is the one whose position counts.
  func beginReading() -> Int {
    state.withLock { state in
      state.latest += 1
      return state.latest
    }
  }

  /// The validators of the first page and the position of the reading before,
  /// when a new reading may take it up (its first page answering 304).
  func previous() -> (validators: FeedValidators, position: FeedPosition)? {
    state.withLock { state in
      guard let validators = state.validators, let position = state.position, position.canBeTakenUp else { return nil }
      return (validators, position)
    }
  }

  /// Records where reading `reading` stands, and the first page's validators
  /// when it read the first page (`validators`: nil leaves them); nothing when a
  /// later reading has opened.
  func record(_ position: FeedPosition, validators: FeedValidators?? = nil, by reading: Int) {
    state.withLock { state in
      guard reading == state.latest else { return }
      state.position = position
      if let validators { state.validators = validators }
    }
  }
}
