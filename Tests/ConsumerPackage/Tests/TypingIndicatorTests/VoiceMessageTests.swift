import ReuseKitTesting
import Testing
import TypingIndicator

/// A wide attachment: a voice message's waveform fills its 120 × 16 frame, and its playback
/// position survives edits and scrolling as the policies promise.
@MainActor
@Suite struct VoiceMessageTests {
  static func host(policy: TextAttachmentViewProviderReusePolicy) throws -> ReuseTestHost {
    try ReuseTestHost.offscreen(
      messages: 200, attachmentEvery: 10, provider: VoiceMessageProvider.self, policy: policy,
      attachment: { _ in VoiceMessageAttachment() })
  }

  @Test func theWaveformFillsItsWholeFrame() throws {
    let host = try Self.host(policy: [])
    try host.advance(seconds: 1.5)  // 15 of 30 bars played
    let image = try host.image()
    let pixels = (0..<image.height).flatMap { y in (0..<image.width).map { x in image[x, y] } }
    let played = pixels.filter { $0 == WaveformView.played }.count
    let unplayed = pixels.filter { $0 == WaveformView.unplayed }.count
    // Each waveform on screen is 120 × 16 pixels, half of it played.
    let waveforms = played / (60 * 16)
    #expect(waveforms >= 2 && waveforms <= host.textView.visibleAttachmentViewProviders.count)
    #expect(played == waveforms * 60 * 16 && unplayed == played)
    let row = try #require((0..<image.height).first { y in image[0..<image.width, y].contains(WaveformView.played) })
    #expect(
      image[0..<image.width, row].filter { $0 == WaveformView.played || $0 == WaveformView.unplayed }.count == 120)
  }

  @Test(arguments: TextAttachmentViewProviderReusePolicy.allCombinations)
  func playbackSurvivesWhatThePoliciesCover(policy: TextAttachmentViewProviderReusePolicy) throws {
    let host = try Self.host(policy: policy)
    try host.advance(seconds: 1)
    let delta = try host.measure {
      try host.select(message: 10, offset: .end)
      try host.type("ok")
      try host.scroll(toMessage: 150)
      try host.scroll(toMessage: 0)
    }
    #expect(delta.animationResets == PerPolicy(none: 8, edit: 6, scroll: 2, both: 0)[policy])
    let playback = try #require(host.view(inMessage: 10) as? WaveformView).playback
    #expect((playback.frameIndex > 0) == (policy == [.onEditingInlineParagraphs, .onScrollingOutOfViewport]))
  }
}

extension RGBAImage {
  /// The pixels of row `y` at `columns`.
  fileprivate subscript(columns: Range<Int>, y: Int) -> [UInt32] { columns.map { self[$0, y] } }
}
