import Foundation

/// A drawable element inside the viewport: a paragraph's surface or an attachment's view.
///
/// As in TextKit, a surface is anything the view layer can draw; ReuseKit's SDL views and
/// the animation runtime's sticker views conform. The reuse hooks have default
/// implementations that do nothing.
public protocol TextViewportRenderingSurface: AnyObject {
  /// Where the surface sits, in text-container coordinates.
  var frame: CGRect { get set }
  /// The bytes the surface holds while cached (pixels, decoded frames); bounds the scroll cache.
  var reuseCacheCost: Int { get }
  /// The surface is going into the scroll cache. Pause (or keep advancing) any animation.
  /// - Parameter keepsAdvancing: Whether animations should keep advancing with the clock while cached.
  func surfaceWillEnterReuseCache(keepsAdvancing: Bool)
  /// The surface came back from the scroll cache and is shown again.
  func surfaceDidLeaveReuseCache()
  /// The surface is being discarded: release what it holds.
  func surfaceWillBeDiscarded()
}

extension TextViewportRenderingSurface {
  public var reuseCacheCost: Int { 0 }
  public func surfaceWillEnterReuseCache(keepsAdvancing: Bool) {}
  public func surfaceDidLeaveReuseCache() {}
  public func surfaceWillBeDiscarded() {}
}

/// Uniquely identifies a rendering surface across viewport passes. ``TextLayoutFragment`` is one;
/// ``TextAttachmentViewProvider`` keys its attachment view's surface.
public protocol TextViewportRenderingSurfaceKey: AnyObject {}

extension TextAttachmentViewProvider: TextViewportRenderingSurfaceKey {}

/// A plain rectangular surface: the default attachment view and the placeholder for failures.
public final class PlaceholderRenderingSurface: TextViewportRenderingSurface {
  public var frame: CGRect
  /// Why the placeholder stands in, when it replaces a failed view.
  public let failureReason: String?

  public init(frame: CGRect = .zero, failureReason: String? = nil) {
    self.frame = frame
    self.failureReason = failureReason
  }
}
