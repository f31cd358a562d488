/// One page of a feed to fetch: its URL and its number (1 for the first), which
/// `--page-param` counts on from.
///
/// ```swift
/// let first = FeedPage(url: "https://h/items", number: 1)
/// ```
struct FeedPage: Hashable, Sendable {
  var url: String
  var number: Int
}
