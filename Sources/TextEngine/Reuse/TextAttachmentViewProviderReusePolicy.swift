/// When a text view keeps an attachment's view provider (and view) instead of re-creating it.
///
/// Register policies per provider type with ``TextView/register(_:forTextAttachmentViewProviderType:)``.
/// The two options combine.
public struct TextAttachmentViewProviderReusePolicy: OptionSet, Hashable, Sendable, CustomStringConvertible {
  public let rawValue: Int
  public init(rawValue: Int) { self.rawValue = rawValue }

  /// Keep the provider, and its view, when the paragraph holding the attachment gets a new
  /// layout fragment (typing, splitting, merging, relayout, attribute changes).
  public static let onEditingInlineParagraphs = TextAttachmentViewProviderReusePolicy(rawValue: 1 << 0)
  /// Cache the attachment's view when its fragment leaves the viewport; restore it when it returns.
  public static let onScrollingOutOfViewport = TextAttachmentViewProviderReusePolicy(rawValue: 1 << 1)

  /// Every combination, in the order reports list them: none, edit, scroll, both.
  public static let allCombinations: [TextAttachmentViewProviderReusePolicy] = [
    [], .onEditingInlineParagraphs, .onScrollingOutOfViewport, [.onEditingInlineParagraphs, .onScrollingOutOfViewport],
  ]

  /// `none`, `edit`, `scroll` or `both`.
  public var shortName: String {
    switch self {
    case []: "none"
    case .onEditingInlineParagraphs: "edit"
    case .onScrollingOutOfViewport: "scroll"
    default: "both"
    }
  }

  /// Parses `none`, `edit`, `scroll` or `both`.
  public init?(shortName: String) {
    guard let policy = Self.allCombinations.first(where: { $0.shortName == shortName }) else { return nil }
    self = policy
  }

  /// Each option with its name as written in code and scenario files.
  public static let namedOptions: [(name: String, option: TextAttachmentViewProviderReusePolicy)] = [
    ("onEditingInlineParagraphs", .onEditingInlineParagraphs), ("onScrollingOutOfViewport", .onScrollingOutOfViewport),
  ]

  /// Parses one option's name, `onEditingInlineParagraphs` or `onScrollingOutOfViewport`.
  public init?(optionName: String) {
    guard let option = Self.namedOptions.first(where: { $0.name == optionName })?.option else { return nil }
    self = option
  }

  /// The names of the options in this set, in declaration order.
  public var optionNames: [String] { Self.namedOptions.filter { contains($0.option) }.map(\.name) }

  public var description: String { "[" + optionNames.joined(separator: ", ") + "]" }
}
