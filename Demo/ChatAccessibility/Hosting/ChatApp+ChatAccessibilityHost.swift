import ChatDemoCore
import ChatKit
import Foundation
import TextEngine

/// The app as its accessibility tree reads it: its views, focus and frames, and its frame hook.
///
/// The one file of the module that knows `ChatApp`; the tree itself reads the app only through
/// ``ChatAccessibilityHost``, so every executable that runs the app (`chat-demo`, `reuse-bench`)
/// shares this conformance.
extension ChatApp: ChatAccessibilityHost {
  package var transcriptView: ChatTextView { chatView }
  package var composerView: TextView { composer }
  package var composerFrame: CGRect { composerTextFrame }
  package var searchView: TextView { searchField }
  package var searchFrame: CGRect? { searchLabel == nil ? nil : searchFieldFrame }

  package var focusedPart: ChatAccessibleFocus {
    switch keyboardFocus {
    case .composer: .composer
    case .messageList(let browsed): .messageList(browsed: browsed)
    case .transcript: .transcript
    case .search: .search
    }
  }

  package func observeFrames(wake: Double, _ observer: @escaping @MainActor () -> Void) {
    frameHook = FrameHook(wake: wake, run: observer)
  }
}
