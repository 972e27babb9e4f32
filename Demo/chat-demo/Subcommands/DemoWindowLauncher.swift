import ChatAccessibility
import ChatDemoCore
import Foundation

/// Opens the interactive window.
@MainActor
enum DemoWindowLauncher {
  static func launch(transcript: URL?, quitAfter: Double?, stickers: URL?, pausesUnfocused: Bool = false) -> Int32 {
    guard let assets = AssetLocator.assetsDirectory() else { return DemoMain.fail("cannot find the Assets folder") }
    return launch(
      .transcript(transcript ?? assets.appendingPathComponent("Transcripts/sample.json")), assets: assets,
      quitAfter: quitAfter, stickers: stickers, pausesUnfocused: pausesUnfocused)
  }

  /// Opens the window on the chat store at `history`.
  static func launch(history: URL, quitAfter: Double?, stickers: URL?, pausesUnfocused: Bool = false) -> Int32 {
    guard let assets = AssetLocator.assetsDirectory() else { return DemoMain.fail("cannot find the Assets folder") }
    return launch(
      .history(history), assets: assets, quitAfter: quitAfter, stickers: stickers, pausesUnfocused: pausesUnfocused)
  }

  private static func launch(
    _ document: ChatApp.Document, assets: URL, quitAfter: Double?, stickers: URL?, pausesUnfocused: Bool
  ) -> Int32 {
    do {
      if let stickers, !DemoMain.isDirectory(stickers) {
        return DemoMain.fail("--stickers \(stickers.path): not a readable directory")
      }
      let app = try ChatApp.window(document: document, assets: assets, userStickers: stickers)
      for warning in app.stickerWarnings { print("chat-demo: \(warning)") }
      app.animatesWithoutFocus = !pausesUnfocused
      ChatAccessibility.start(for: app)  // when an accessibility bus is there (a desktop session)
      app.run(quitAfter: quitAfter)
      return 0
    } catch {
      return DemoMain.fail("cannot open the window: \(error)")
    }
  }
}
