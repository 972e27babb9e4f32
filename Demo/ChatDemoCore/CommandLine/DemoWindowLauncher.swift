import Foundation

/// Opens the interactive window.
@MainActor
enum DemoWindowLauncher {
  static func launch(transcript: URL?, quitAfter: Double?) -> Int32 {
    guard let assets = AssetLocator.assetsDirectory() else { return DemoMain.fail("cannot find the Assets folder") }
    let file = transcript ?? assets.appendingPathComponent("Transcripts/sample.json")
    do {
      let app = try ChatApp(transcript: file, assets: assets, quitAfter: quitAfter)
      app.run()
      return 0
    } catch {
      return DemoMain.fail("cannot open the window: \(error)")
    }
  }
}
