import Testing

@testable import StickerWorker

/// The warm-up a worker runs before its sandbox: every decoder's sample decodes and renders, so
/// each library's one-time set-up is over before the filter refuses files.
@Suite struct WorkerWarmUpTests {
  @Test func everySampleDecodesAndRenders() {
    #expect(WorkerWarmUp.samples.count == 5)
    #expect(WorkerWarmUp.run() == WorkerWarmUp.samples.count)
  }

  @Test func theSamplesCoverEveryDecoderLibrary() {
    // rlottie (twice: shapes, and an embedded image), SDL2_image (GIF and PNG) and libwebp.
    #expect(Set(WorkerWarmUp.samples.map(\.kind)) == [.lottie, .gif, .frameStrip, .webp])
  }
}
