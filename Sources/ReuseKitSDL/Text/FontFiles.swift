import Foundation

/// The regular and bold font files the view layer renders with.
public struct FontFiles: Equatable, Sendable {
  /// The regular face.
  public var regular: URL
  /// The bold face.
  public var bold: URL

  public init(regular: URL, bold: URL) {
    self.regular = regular
    self.bold = bold
  }
}
