/// Hooks for tests, outside the public API.
extension TextContentManager {
  /// Releases every built paragraph that nothing holds now, without waiting for the release slack.
  /// - Returns: The paragraphs released.
  @discardableResult package func releaseUnheldParagraphsNow() -> Int {
    let before = paragraphsReleased
    releaseUnheldParagraphs(ignoringSlack: true)
    return paragraphsReleased - before
  }
}
