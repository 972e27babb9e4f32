import ChatAccessibility
import ChatDemoCore
import ChatKit
import Foundation
import TextEngine

/// The app as its accessibility tree reads it: its views, focus and frames, and its frame hook.
extension ChatApp: ChatAccessibilityHost {
  package var transcriptView: ChatTextView { chatView }
  package var composerView: TextView { composer }
  package var composerFrame: CGRect { composerTextFrame }

  package var focusedPart: ChatAccessibleFocus {
    switch keyboardFocus {
    case .composer: .composer
    case .messageList(let browsed): .messageList(browsed: browsed)
    case .transcript: .transcript
    }
  }

  package func observeFrames(wake: Double, _ observer: @escaping @MainActor () -> Void) {
    frameHook = FrameHook(wake: wake, run: observer)
  }
}
