import AnimationRuntime
import Foundation
import Instrumentation
import ReuseKitTestSupport
import Stickers
import TextEngine

/// Shared set-up for the animation runtime tests (the repository paths come from `RepositoryAssets`).
enum StickerFixtures {
  /// `Assets/Stickers` in this checkout.
  static let stickerDirectory = RepositoryAssets.stickers

  /// The library shipped in `Assets/Stickers`.
  static func library() throws -> StickerLibrary {
    try StickerLibrary(directory: stickerDirectory)
  }

  /// A runtime over the shipped library, driven by `clock`.
  static func runtime(clock: ManualClock, cache: FrameCache = FrameCache()) throws -> StickerRuntime {
    StickerRuntime(clock: clock, library: try library(), frameCache: cache)
  }

  /// A provider for `attachment`, as the text view's factory would make it.
  ///
  /// Providers hold their attachment weakly (the text storage owns it); the returned holder
  /// keeps the attachment alive as the storage would.
  static func provider(for attachment: TextAttachment) -> HeldProvider {
    let paragraph = TextParagraph(attributedString: AttributedText(attachment: attachment))
    let provider = StickerViewProvider(
      textAttachment: attachment, parentView: nil, textLayoutManager: nil,
      location: TextLocation(paragraph: paragraph, offset: 0))
    return HeldProvider(provider: provider, attachment: attachment, paragraph: paragraph)
  }

  /// A Lottie document with one full-canvas rectangle of `colour` at `opacity` percent.
  static func solidLottie(size: Int = 16, frames: Int = 10, colour: [Double] = [1, 0.5, 0, 1], opacity: Double = 50)
    -> String
  {
    """
    {"v":"5.5.2","fr":30,"ip":0,"op":\(frames),"w":\(size),"h":\(size),"ddd":0,"assets":[],"layers":[{"ddd":0,"ind":1,\
    "ty":4,"sr":1,"ks":{"o":{"a":0,"k":100},"r":{"a":0,"k":0},"p":{"a":0,"k":[\(size / 2),\(size / 2),0]},\
    "a":{"a":0,"k":[0,0,0]},"s":{"a":0,"k":[100,100,100]}},"ao":0,"shapes":[{"ty":"gr","it":[{"ty":"rc","d":1,\
    "p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[\(size * 2),\(size * 2)]},"r":{"a":0,"k":0}},{"ty":"fl","c":{"a":0,\
    "k":[\(colour.map { "\($0)" }.joined(separator: ","))]},"o":{"a":0,"k":\(opacity)},"r":1},{"ty":"tr",\
    "p":{"a":0,"k":[0,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},\
    "o":{"a":0,"k":100}}]}],"ip":0,"op":\(frames),"st":0,"bm":0}]}
    """
  }

  /// Writes `files` and a manifest listing `entries` into a new directory.
  static func library(
    files: [String: [UInt8]], entries: [(name: String, file: String, kind: String, frames: Int)]
  ) throws -> StickerLibrary {
    let directory = RepositoryAssets.temporaryDirectory()
    for (name, bytes) in files {
      try Data(bytes).write(to: directory.appendingPathComponent(name))
    }
    let listed = entries.map {
      """
      {"name":"\($0.name)","file":"\($0.file)","kind":"\($0.kind)","width":16,"height":16,\
      "frameCount":\($0.frames),"frameRate":30}
      """
    }
    let manifest = "{\"version\":1,\"stickers\":[\(listed.joined(separator: ","))]}"
    try Data(manifest.utf8).write(to: directory.appendingPathComponent("manifest.json"))
    return try StickerLibrary(directory: directory)
  }
}
