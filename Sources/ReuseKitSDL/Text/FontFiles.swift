import Foundation

/// The regular and bold font files the view layer renders with.
public struct FontFiles: Equatable, Sendable {
  /// The regular face.
  public var regular: URL
  /// The bold face.
  public var bold: URL

  /// The pair of files; neither is opened here.
  /// - Parameters:
  ///   - regular: The regular face's file.
  ///   - bold: The bold face's file.
  public init(regular: URL, bold: URL) {
    self.regular = regular
    self.bold = bold
  }
}
