import ReuseKitTesting
import Testing

/// How the SDL view draws an attachment view, by the view's kind: a rectangular `FrameSurface`
/// fills its frame, a square one takes the shorter side, centred, and a view that is not a
/// `FrameSurface` is a placeholder box, outlined in red when it stands in for a failure.
@MainActor
@Suite struct SurfaceShapeTests {
  nonisolated static let wideColor: UInt32 = 0xFF10_C040
  nonisolated static let squareColor: UInt32 = 0xFFC0_1040

  /// A surface that draws any rectangle in one colour.
  final class WideView: TextViewportRenderingSurface, FrameSurface {
    var frame: CGRect
    var lastFrameKey: FrameCacheKey?
    private(set) var askedSizes: [[Int]] = []
    init(frame: CGRect) { self.frame = frame }
    func currentFrame(pixelWidth: Int, pixelHeight: Int) -> RGBAImage? {
      askedSizes.append([pixelWidth, pixelHeight])
      lastFrameKey = FrameCacheKey(asset: "wide\(pixelHeight)", pixelSize: pixelWidth, frameIndex: 0)
      return RGBAImage(width: pixelWidth, height: pixelHeight, fill: SurfaceShapeTests.wideColor)
    }
  }

  /// A surface that draws squares only.
  final class SquareView: TextViewportRenderingSurface, FrameSurface {
    var frame: CGRect
    var lastFrameKey: FrameCacheKey?
    init(frame: CGRect) { self.frame = frame }
    func currentFrame(pixelSize: Int) -> RGBAImage? {
      lastFrameKey = FrameCacheKey(asset: "square", pixelSize: pixelSize, frameIndex: 0)
      return RGBAImage(width: pixelSize, height: pixelSize, fill: SurfaceShapeTests.squareColor)
    }
  }

  final class WideProvider: TextAttachmentViewProvider {
    override func loadView() throws { view = WideView(frame: textAttachment?.bounds ?? .zero) }
  }
  final class SquareProvider: TextAttachmentViewProvider {
    override func loadView() throws { view = SquareView(frame: textAttachment?.bounds ?? .zero) }
  }
  final class FailedProvider: TextAttachmentViewProvider {
    override func loadView() throws {
      view = PlaceholderRenderingSurface(frame: textAttachment?.bounds ?? .zero, failureReason: "no file")
    }
  }

  /// A host whose message 0 holds one 120 × 16 attachment drawn by `provider`.
  static func host(_ provider: TextAttachmentViewProvider.Type) throws -> ReuseTestHost {
    try ReuseTestHost.offscreen(
      messages: 4, attachmentEvery: 100, provider: provider, policy: [],
      attachment: { _ in
        TextAttachment(
          fileType: "waveform", bounds: CGRect(x: 0, y: 0, width: 120, height: 16), viewProviderType: provider)
      })
  }

  /// The points of `image` that have `color`.
  static func points(of color: UInt32, in image: RGBAImage) -> [(x: Int, y: Int)] {
    (0..<image.height).flatMap { y in (0..<image.width).compactMap { x in image[x, y] == color ? (x, y) : nil } }
  }

  @Test func aRectangularSurfaceFillsItsWholeFrame() throws {
    let host = try Self.host(WideProvider.self)
    let points = Self.points(of: Self.wideColor, in: try host.image())
    #expect(points.count == 120 * 16)
    #expect(Set(points.map(\.x)).count == 120 && Set(points.map(\.y)).count == 16)
    let view = try #require(host.view(inMessage: 0) as? WideView)
    #expect(view.askedSizes.last == [120, 16])
  }

  @Test func aSquareSurfaceTakesTheShorterSideCentred() throws {
    let square = Self.points(of: Self.squareColor, in: try Self.host(SquareProvider.self).image())
    #expect(square.count == 16 * 16)
    // The same layout with a rectangular surface shows where the frame is.
    let frame = Self.points(of: Self.wideColor, in: try Self.host(WideProvider.self).image())
    let squareXs = square.map(\.x)
    let frameXs = frame.map(\.x)
    let left = try #require(squareXs.min())
    let right = try #require(squareXs.max())
    #expect(right - left == 15)
    #expect(Set(square.map(\.y)) == Set(frame.map(\.y)))
    // Centred: as much frame on each side of the square, to a pixel.
    let leftGap = left - (try #require(frameXs.min()))
    let rightGap = (try #require(frameXs.max())) - right
    #expect(abs(leftGap - rightGap) <= 1 && leftGap == 52)
  }

  @Test func aViewThatIsNotAFrameSurfaceIsAPlaceholderOutlinedInRedWhenItFailed() throws {
    let failed = try Self.host(FailedProvider.self).image()
    let red: UInt32 = 0xFFD2_3C3C
    #expect(Self.points(of: red, in: failed).count >= 2 * 120)  // the outline's top and bottom edges
    let square = try Self.host(SquareProvider.self).image()
    #expect(Self.points(of: red, in: square).isEmpty)
  }
}
