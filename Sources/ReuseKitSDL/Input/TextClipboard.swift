/// Where a text view puts copied text for other applications, and reads pasted text from.
@MainActor
public protocol TextClipboard: AnyObject {
  /// The clipboard's text, or `nil` when it holds none. Setting it replaces the clipboard.
  var text: String? { get set }
}

/// A clipboard that lives in memory: for tests, headless runs and SDL without video.
@MainActor
public final class MemoryClipboard: TextClipboard {
  public var text: String?

  /// Creates a clipboard holding `text`.
  public init(text: String? = nil) {
    self.text = text
  }
}
