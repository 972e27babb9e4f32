/// When a text view keeps an attachment's view provider (and view) instead of re-creating it.
///
/// Register policies per provider type with ``TextView/register(_:forTextAttachmentViewProviderType:)``.
/// The two options combine.
///
/// The raw values are Apple's (`NSTextAttachmentViewProviderReusePolicy`, `NS_OPTIONS` over
/// `NSUInteger`): ``onScrollingOutOfViewport`` is 1 and ``onEditingInlineParagraphs`` is 2, so a
/// raw value stored, logged or bridged means the same policy on both.
public struct TextAttachmentViewProviderReusePolicy: OptionSet, Hashable, Sendable, CustomStringConvertible {
  /// The option bits: 1 for ``onScrollingOutOfViewport``, 2 for ``onEditingInlineParagraphs``.
  public let rawValue: UInt
  /// Creates a policy from its option bits (Apple's values).
  public init(rawValue: UInt) { self.rawValue = rawValue }

  /// Keep the attachment's view when its fragment scrolls out of the viewport (the view waits in
  /// the scroll cache, not drawn) and reuse it when it comes back, instead of loading a new one.
  public static let onScrollingOutOfViewport = TextAttachmentViewProviderReusePolicy(rawValue: 1)
  /// Keep the provider, and its view, when someone edits the paragraph holding the attachment
  /// (typing, splitting, merging, attribute changes): the paragraph's next fragment reuses it at
  /// the next layout pass.
  public static let onEditingInlineParagraphs = TextAttachmentViewProviderReusePolicy(rawValue: 2)

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

  /// The names of the options in this set, edit first (the order reports and scenario files use).
  public var optionNames: [String] { Self.namedOptions.filter { contains($0.option) }.map(\.name) }

  public var description: String { "[" + optionNames.joined(separator: ", ") + "]" }
}
