import ChatKit
import Foundation
import TextEngine

/// What the chat's accessibility tree reads and asks of the app it describes: its views, which
/// part has the keyboard focus, where the parts sit, and a call after every frame.
///
/// The tree reads the app only through this protocol. `ChatApp` conforms in one file,
/// `Hosting/ChatApp+ChatAccessibilityHost.swift`, the only one here that imports the app's module.
@MainActor
package protocol ChatAccessibilityHost: AnyObject {
  /// The transcript's view: the message list's text, caret and selection, and its storage, whose
  /// edits (messages arriving) the tree observes.
  var transcriptView: ChatTextView { get }
  /// The composer's view: its text, caret and selection.
  var composerView: TextView { get }
  /// Which part has the keyboard focus.
  var focusedPart: ChatAccessibleFocus { get }
  /// The window's frame, in window points.
  var windowFrame: CGRect { get }
  /// The message list's frame, in window points.
  var transcriptFrame: CGRect { get }
  /// The composer's text frame, in window points.
  var composerFrame: CGRect { get }
  /// The search bar's field: its text, caret and selection.
  var searchView: TextView { get }
  /// The search bar's field frame, in window points; `nil` while the bar is closed.
  var searchFrame: CGRect? { get }
  /// What is to be announced, in order (a search's hit and its message); taking empties the queue.
  func takeAnnouncements() -> [String]
  /// Calls `observer` once a frame, after the frame is presented (and on every wake of the app's
  /// loop that draws none); the loop sleeps at most `wake` seconds while it is attached.
  func observeFrames(wake: Double, _ observer: @escaping @MainActor () -> Void)
}
