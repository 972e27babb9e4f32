import Foundation

extension ChatApp {
  /// What the window opens.
  package enum Document {
    /// A JSON transcript, held in memory and saved with Ctrl+S.
    case transcript(URL)
    /// A chat store (`--history`), read as the view needs it; every edit is saved as it happens.
    case history(URL)
  }
}
