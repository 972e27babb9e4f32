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
  /// The default cost: 0, a surface that holds nothing worth counting against the cache's budget.
  public var reuseCacheCost: Int { 0 }
  /// The default does nothing.
  public func surfaceWillEnterReuseCache(keepsAdvancing: Bool) {}
  /// The default does nothing.
  public func surfaceDidLeaveReuseCache() {}
  /// The default does nothing.
  public func surfaceWillBeDiscarded() {}
}

/// Identifies a rendering surface across viewport passes: in the controller's surface map
/// (``TextViewportLayoutController/setRenderingSurface(_:for:)``,
/// ``TextViewportLayoutController/renderingSurface(for:)``) and in the delegate's cache hooks.
///
/// As in TextKit, ``TextLayoutFragment`` is a key (one surface per fragment, the common case) and
/// so is a string (`NSString` in TextKit, `String` here), to name a surface: `"gutter"`. Any class
/// can be a key by conforming: an object key is its identity, whatever its contents. Two strings
/// are the same key when they are equal as Swift strings (canonically equivalent, so `"é"` and
/// `"e\u{301}"` name one surface, where `NSString`'s `isEqual(_:)` compares code units: ReuseKit's
/// choice). ``TextAttachmentViewProvider`` is a key too (ReuseKit's extension: it keys its
/// attachment view's surface).
public protocol TextViewportRenderingSurfaceKey {
  /// What makes two keys the same key. Classes get their identity, `String` its characters, from
  /// default implementations: a conforming type rarely implements it.
  var renderingSurfaceKeyIdentity: TextViewportRenderingSurfaceKeyIdentity { get }
}

extension TextViewportRenderingSurfaceKey where Self: AnyObject {
  /// The object's identity: two keys are the same key only if they are the same object.
  /// - Complexity: O(1).
  public var renderingSurfaceKeyIdentity: TextViewportRenderingSurfaceKeyIdentity {
    TextViewportRenderingSurfaceKeyIdentity(object: self)
  }
}

extension String: TextViewportRenderingSurfaceKey {
  /// The string's characters: equal strings are the same key.
  /// - Complexity: O(1) to make; hashing and comparing it are O(length).
  public var renderingSurfaceKeyIdentity: TextViewportRenderingSurfaceKeyIdentity {
    TextViewportRenderingSurfaceKeyIdentity(name: self)
  }
}

extension TextAttachmentViewProvider: TextViewportRenderingSurfaceKey {
  /// The provider's identity. Surfaces under a provider's key (its attachment view) belong to the
  /// reuse controller and its policies, so the viewport controller never offers them to the
  /// delegate's cache hooks.
  /// - Complexity: O(1).
  public var renderingSurfaceKeyIdentity: TextViewportRenderingSurfaceKeyIdentity {
    TextViewportRenderingSurfaceKeyIdentity(object: self, isAttachmentView: true)
  }
}

/// What makes two rendering-surface keys the same key: an object's identity, or a name's
/// characters. Hashable in O(1) for objects, so surface lookups stay O(1).
public struct TextViewportRenderingSurfaceKeyIdentity: Hashable, Sendable {
  /// An object's address, or an interned name's number shifted left with the low bit set (an
  /// address is aligned, so its low bit is clear): one word, so that copying, comparing and hashing
  /// an identity retain nothing and hash one integer, on every pass.
  private let bits: UInt
  /// Whether the key is an attachment view provider's, whose surface the cache hooks never see.
  let isAttachmentView: Bool

  /// The identity of `object`: only the same object has it. It stays valid while the object lives
  /// (the controller holds its keys while it maps them).
  /// - Parameter object: The key object.
  public init(object: AnyObject) {
    self.init(object: object, isAttachmentView: false)
  }

  /// The identity of the name `name`: every string equal to it has it.
  /// - Parameter name: The surface's name.
  /// - Complexity: O(length of `name`); each distinct name is kept once for the process's life.
  public init(name: String) {
    bits = SurfaceNames.shared.number(of: name) << 1 | 1
    isAttachmentView = false
  }

  init(object: AnyObject, isAttachmentView: Bool) {
    bits = UInt(bitPattern: Int(bitPattern: ObjectIdentifier(object)))
    self.isAttachmentView = isAttachmentView
  }

  /// Whether `lhs` and `rhs` identify the same key.
  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.bits == rhs.bits }

  /// Hashes the object's identity or the name's number.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(bits)
  }
}

/// The names used as rendering-surface keys, numbered once each (they are few: a view's own names).
private final class SurfaceNames: @unchecked Sendable {
  static let shared = SurfaceNames()
  private let lock = NSLock()
  private var numbers: [String: UInt] = [:]

  func number(of name: String) -> UInt {
    lock.lock()
    defer { lock.unlock() }
    if let number = numbers[name] { return number }
    let number = UInt(numbers.count)
    numbers[name] = number
    return number
  }
}

/// A plain rectangular surface: the default attachment view and the placeholder for failures.
public final class PlaceholderRenderingSurface: TextViewportRenderingSurface {
  /// Where the placeholder sits, in text-container coordinates.
  public var frame: CGRect
  /// Why the placeholder stands in, when it replaces a failed view.
  public let failureReason: String?

  /// Creates a placeholder.
  /// - Parameters:
  ///   - frame: Where it sits (zero by default; the pass positions it).
  ///   - failureReason: Why it stands in for a view that failed, if it does.
  public init(frame: CGRect = .zero, failureReason: String? = nil) {
    self.frame = frame
    self.failureReason = failureReason
  }
}
