import AnimationRuntime
import Foundation
import ReuseKitTestSupport
import Stickers
import TextEngine

/// Stickers decoded by real `sticker-worker` processes with their test hooks on, each seen through
/// the view its provider makes, as the text view would show it.
final class SandboxedStickers {
  /// The runtime whose worker pool decodes the stickers.
  let runtime: StickerRuntime
  /// The providers, with the attachments and paragraphs that a text storage would keep alive.
  private var held: [(StickerViewProvider, TextAttachment, TextParagraph)] = []

  /// A runtime decoding `files` (name → bytes) in workers limited to `memoryBytes`.
  init(_ files: [String: [UInt8]], memoryBytes: Int = 512 << 20) throws {
    guard let executable = StickerWorkerPool.Configuration.locateExecutable() else {
      throw CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "sticker-worker is not built"])
    }
    let directory = RepositoryAssets.temporaryDirectory()
    var assets: [StickerAsset] = []
    for (name, bytes) in files.sorted(by: { $0.key < $1.key }) {
      let file = directory.appendingPathComponent(name + ".json")
      try Data(bytes).write(to: file)
      assets.append(StickerAsset(name: name, file: file))
    }
    runtime = StickerRuntime(
      clock: ManualClock(), library: StickerLibrary(directory: directory, assets: assets),
      decoding: .sandboxed(
        .init(executable: executable, memoryBytes: memoryBytes, testHooks: true, budgetScale: .fixed(1))))
  }

  /// The loaded view of sticker `name`.
  func view(_ name: String) -> StickerView? {
    let attachment = StickerAttachment(stickerName: name, runtime: runtime)
    let paragraph = TextParagraph(attributedString: AttributedText(attachment: attachment))
    let provider = StickerViewProvider(
      textAttachment: attachment, parentView: nil, textLayoutManager: nil,
      location: TextLocation(paragraph: paragraph, offset: 0))
    held.append((provider, attachment, paragraph))
    provider.load(recordingTo: nil)
    return provider.view as? StickerView
  }

  /// A Lottie document with one full-canvas rectangle of `colour`.
  static func solidLottie(colour: [Double]) -> [UInt8] {
    let fill = colour.map { "\($0)" }.joined(separator: ",")
    return Array(
      """
      {"v":"5.5.2","fr":30,"ip":0,"op":10,"w":16,"h":16,"layers":[{"ty":4,"ip":0,"op":10,"st":0,"ks":{},\
      "shapes":[{"ty":"rc","s":{"a":0,"k":[32,32]},"p":{"a":0,"k":[8,8]},"r":{"a":0,"k":0}},\
      {"ty":"fl","c":{"a":0,"k":[\(fill)]},"o":{"a":0,"k":100}}]}]}
      """.utf8)
  }
}
