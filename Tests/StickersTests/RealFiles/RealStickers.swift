import Foundation
import ReuseKitTestSupport
import Testing

/// The real sticker files of `../shared/real-stickers/` (read in place, never copied) and the
/// outcome `EXPECTED.md` gives each.
enum RealStickers {
  /// What must happen to a file.
  enum Outcome: Equatable {
    /// Plays with no warning.
    case play
    /// Plays, with one warning naming each of these words.
    case playAndWarn([String])
    /// Plays, and may warn (effects or expressions it uses).
    case playMaybeWarn
    /// A placeholder with one error containing this text.
    case reject(String)

    var plays: Bool {
      if case .reject = self { false } else { true }
    }
  }

  /// One file and its outcome.
  struct Case: CustomTestStringConvertible, Sendable {
    let path: String
    let kind: String
    let outcome: Outcome
    var testDescription: String { path }
    var url: URL { RealStickers.directory.appendingPathComponent(path) }
    /// The file name without its extension: its sticker name.
    var name: String { url.deletingPathExtension().lastPathComponent }
  }

  /// `../shared/real-stickers`, beside the checkout.
  static let directory = RepositoryAssets.directory.deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("shared/real-stickers")

  /// Every file `EXPECTED.md` lists.
  static let cases: [Case] = [
    Case(path: "tgs/tdesktop-greeting.tgs", kind: "tgs", outcome: .play),
    Case(path: "tgs/tdesktop-diamond.tgs", kind: "tgs", outcome: .playMaybeWarn),
    Case(path: "tgs/tdesktop-dice-fball_idle.tgs", kind: "tgs", outcome: .play),
    Case(path: "tgs/tdesktop-cloud_password-intro.tgs", kind: "tgs", outcome: .play),
    Case(path: "dotlottie/lottieios-DotLottie-animation.lottie", kind: "dotLottie", outcome: .play),
    Case(path: "lottie/rlottie-emoji_wink.json", kind: "lottie", outcome: .play),
    Case(path: "lottie/rlottie-party_penguin.json", kind: "lottie", outcome: .play),
    Case(path: "lottie/rlottie-mask.json", kind: "lottie", outcome: .play),
    Case(path: "lottie/rlottie-telegram.json", kind: "lottie", outcome: .play),
    Case(path: "lottie/rlottie-tractor.json", kind: "lottie", outcome: .play),
    Case(path: "lottie/rlottie-loading.json", kind: "lottie", outcome: .playMaybeWarn),
    Case(path: "lottie/lottieweb-bodymovin.json", kind: "lottie", outcome: .play),
    Case(path: "lottie/lottieios-issue_1972.json", kind: "lottie", outcome: .play),
    Case(path: "lottie/lottieios-issue_1762.json", kind: "lottie", outcome: .play),
    Case(path: "lottie/lottieios-issue_1847.json", kind: "lottie", outcome: .play),
    Case(path: "lottie/rlottie-image_embedded.json", kind: "lottie", outcome: .play),
    Case(path: "lottie/lottieios-LottieFiles-dog_car_ride.json", kind: "lottie", outcome: .playMaybeWarn),
    Case(path: "lottie/lottieios-TwitterHeart.json", kind: "lottie", outcome: .play),
    Case(path: "lottie/lottieios-LottieLogo1_masked.json", kind: "lottie", outcome: .play),
    Case(path: "lottie/lottieios-timeremap.json", kind: "lottie", outcome: .play),
    Case(path: "lottie/lottieweb-adrock.json", kind: "lottie", outcome: .play),
    Case(path: "lottie/rlottie-joypixels-partying-face.json", kind: "lottie", outcome: .playMaybeWarn),
    Case(path: "lottie/rlottie-insta_camera.json", kind: "lottie", outcome: .playMaybeWarn),
    Case(
      path: "lottie/rlottie-UXSample-F-Masks_All_01_1920x1080.json", kind: "lottie",
      outcome: .playAndWarn(["text layer"])),
    Case(path: "lottie/lottieios-FirstText.json", kind: "lottie", outcome: .playAndWarn(["text layer"])),
    Case(path: "lottie/lottieweb-lights.json", kind: "lottie", outcome: .playAndWarn(["expression"])),
    Case(path: "lottie/lottieios-issue_2330.json", kind: "lottie", outcome: .playAndWarn(["expression"])),
    Case(
      path: "lottie/lottieios-issue_1169_shadow_effect_animated.json", kind: "lottie",
      outcome: .playAndWarn(["layer effect"])),
    Case(
      path: "lottie/lottieweb-footage.json", kind: "lottie",
      outcome: .reject("names an external image file 'images/img_0.jpg'")),
    Case(path: "lottie/rlottie-test-repro_sbof.json", kind: "lottie", outcome: .reject("lasts too long (1215")),
    Case(path: "gif/sdwebimage-TestImage.gif", kind: "gif", outcome: .play),
    Case(path: "gif/sdwebimage-TestLoopCount.gif", kind: "gif", outcome: .play),
    Case(path: "gif/pillow-iss634.gif", kind: "gif", outcome: .play),
    Case(path: "gif/sdwebimage-1@2x.gif", kind: "gif", outcome: .play),
    Case(path: "gif/lottieweb-Example1.gif", kind: "gif", outcome: .play),
    Case(path: "gif/pillow-test_extents.gif", kind: "gif", outcome: .play),
    Case(path: "animated-webp-apng/sdwebimage-TestImageAnimated.webp", kind: "webp", outcome: .play),
    Case(path: "animated-webp-apng/sdwebimage-TestImageAnimated.apng", kind: "apng", outcome: .play),
    Case(path: "animated-webp-apng/pillow-apng-delay.png", kind: "apng", outcome: .play),
  ]

  /// Files that play one still picture, so frames at two times are equal: lottie-ios files it
  /// keeps under `Nonanimating/` (its one text layer is what rlottie cannot draw; the rest is a
  /// still background), and Pillow's extents test (two solid red frames, the second clipped).
  static let stills: Set<String> = [
    "lottie/lottieios-FirstText.json", "gif/pillow-test_extents.gif",
    // Its motion comes from its 20 expressions, which rlottie 0.1 drops (the load warns).
    "lottie/lottieweb-lights.json",
  ]

  /// The cases of files that play.
  static var playing: [Case] { cases.filter(\.outcome.plays) }
}
