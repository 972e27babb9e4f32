import Foundation

/// Opens the interactive window.
@MainActor
enum DemoWindowLauncher {
  static func launch(transcript: URL?) -> Int32 {
    print("chat-demo: the window arrives with the SDL chat view")
    return 0
  }
}
