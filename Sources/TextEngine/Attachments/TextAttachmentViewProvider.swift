import AnimationRuntime
import Foundation
import Instrumentation

/// Supplies the view (rendering surface) that draws one attachment in one text view.
///
/// The framework calls ``loadView()`` at most once per provider per view lifetime: again
/// only after the view was discarded. Subclass it and register a reuse policy for the
/// subclass with ``TextView/register(_:forTextAttachmentViewProviderType:)``.
///
/// Subclasses override ``loadView()`` (to make their view), and set ``tracksTextAttachmentViewBounds``
/// with ``attachmentBounds(for:location:textContainer:proposedLineFragment:position:)`` (to size the
/// attachment from the view); nothing else is meant to be overridden.
open class TextAttachmentViewProvider {
  /// The attachment this provider draws. Weak, as in TextKit: `nil` while a store-backed content
  /// manager has released the attachment's paragraph from memory (the paragraph's next fragment
  /// hands the provider the attachment rebuilt from the store).
  public private(set) weak var textAttachment: TextAttachment?
  /// The text view the provider belongs to.
  public private(set) weak var parentView: TextView?
  /// The layout manager that laid the attachment out.
  public private(set) weak var textLayoutManager: TextLayoutManager?
  /// Where the attachment is now; updated when the provider is handed to a new fragment. Resolve
  /// it with ``TextContentManager/paragraph(for:)``, by the paragraph's identifier (O(log n)): the
  /// provider keeps no reference to the paragraph object, since a provider persists for as long as
  /// its attachment is in the document and a store-backed manager releases paragraphs.
  public internal(set) var location: TextLocation {
    get { TextLocation(elementIdentifier: locationElement, offset: locationOffset) }
    set {
      locationElement = newValue.elementIdentifier
      locationOffset = newValue.offset
    }
  }
  private var locationElement: Int64
  private var locationOffset: Int
  /// The attachment's rendering surface, once loaded.
  public var view: (any TextViewportRenderingSurface)?
  /// Whether the framework asks ``attachmentBounds(for:location:textContainer:proposedLineFragment:position:)``
  /// during layout instead of using the attachment's bounds (default `false`). Settable, as in TextKit:
  /// set it in your initializer, or override it. A change applies the next time the attachment's
  /// paragraph is laid out.
  open var tracksTextAttachmentViewBounds: Bool = false
  /// Whether a view this provider loaded made an animation state: its place has shown an
  /// animation, so the states of the next view it loads are resets (`animationResets`).
  package final private(set) var hasShownAnimation = false

  /// The ``textAttachment``'s identifier, kept even after the attachment is gone.
  public let attachmentID: Int
  /// The attachment's identity for reuse: its stored identifier when it has one, so that the
  /// attachment rebuilt from its store (a new object) finds this provider again. It changes only
  /// when a custom retrieve hook hands the provider to another attachment.
  var reuseIdentity: AttachmentIdentity

  /// Creates a provider for `textAttachment` at `location`: what the attachment's
  /// ``TextAttachment/viewProvider(for:location:textContainer:)`` calls. It makes no view
  /// (``loadView()`` does, when the attachment is first shown). Subclasses that override it call `super`.
  /// - Parameters:
  ///   - textAttachment: The attachment to draw (held weakly, as in TextKit).
  ///   - parentView: The text view that shows it.
  ///   - textLayoutManager: The layout manager that laid it out.
  ///   - location: Where the attachment is.
  public required init(
    textAttachment: TextAttachment, parentView: TextView?, textLayoutManager: TextLayoutManager?,
    location: TextLocation
  ) {
    self.textAttachment = textAttachment
    self.parentView = parentView
    self.textLayoutManager = textLayoutManager
    self.locationElement = location.elementIdentifier
    self.locationOffset = location.offset
    self.attachmentID = textAttachment.id
    self.reuseIdentity = textAttachment.identity
  }

  /// Points the provider at `attachment`, the same attachment rebuilt from its store, or at none
  /// while its paragraph is released from memory.
  func rebind(to attachment: TextAttachment?) { textAttachment = attachment }

  /// Creates ``view``. The default makes a ``PlaceholderRenderingSurface`` of the attachment's size;
  /// override it to make your own (no need to call `super`).
  /// - Throws: Any error; the framework then shows a placeholder and records an error event.
  open func loadView() throws {
    view = PlaceholderRenderingSurface(frame: textAttachment?.bounds ?? .zero)
  }

  /// The bounds to lay the attachment out with, when ``tracksTextAttachmentViewBounds`` is true.
  /// Override it with ``tracksTextAttachmentViewBounds``; the default returns the attachment's bounds.
  open func attachmentBounds(
    for attributes: TextAttributes, location: TextLocation, textContainer: TextContainer?,
    proposedLineFragment: CGRect, position: CGPoint
  ) -> CGRect {
    textAttachment?.bounds ?? .zero
  }

  /// The parent view's instrumentation, for reporting errors and warnings.
  ///
  /// Animation states need no report: every `AnimationState` made while ``loadView()`` runs is
  /// counted (`animationStatesCreated`), and counted as a reset too (`animationResets`) when the
  /// attachment's place had shown an animation before: this provider loaded an animated view, or the
  /// place's earlier provider did (see <doc:ReusePolicies>, "Animation resets").
  public var instrumentation: Instrumentation? { parentView?.instrumentation }

  /// The clock to make animation states on (`AnimationState(clock: animationClock, …)`): the parent view's ``TextView/animationClock``, or a
  /// stopped clock without a parent view.
  public var animationClock: any AnimationClock { parentView?.animationClock ?? ManualClock() }

  /// Runs `load` (this provider's view loading) and records an `animationStateCreated` event for
  /// each `AnimationState` made in it, into `instrumentation`, and an `animationReset` for each too
  /// when the place had shown an animation (``hasShownAnimation``, or `inheritingHistory`): what the
  /// framework does around ``loadView()``.
  /// - Parameters:
  ///   - instrumentation: Where to record; nothing is recorded when `nil`.
  ///   - paragraphIndex: The attachment's paragraph, for the event log.
  ///   - inheritingHistory: Whether the place had shown an animation with an earlier provider.
  ///   - load: The loading work.
  /// - Returns: The number of animation states `load` made.
  /// - Throws: What `load` throws; nothing is counted then (the framework shows a placeholder).
  @discardableResult
  package final func countingAnimationStates(
    recordingTo instrumentation: Instrumentation?, paragraphIndex: Int? = nil, inheritingHistory: Bool = false,
    _ load: () throws -> Void
  ) rethrows -> Int {
    let states = try AnimationState.counting(load)
    let hasShownAnimationBefore = hasShownAnimation
    let restarts = hasShownAnimation || inheritingHistory
    if states > 0 { hasShownAnimation = true }
    guard let instrumentation else { return states }
    for _ in 0..<states {
      instrumentation.record(
        .animationStateCreated, attachmentID: attachmentID, providerType: providerTypeName,
        paragraphIndex: paragraphIndex, message: nil, provider: ObjectIdentifier(self))
      if restarts {
        instrumentation.record(
          .animationReset, attachmentID: attachmentID, providerType: providerTypeName, paragraphIndex: paragraphIndex,
          message: inheritingHistory && !hasShownAnimationBefore
            ? "its place's earlier provider had shown an animation" : "this provider had shown an animation before",
          provider: ObjectIdentifier(self))
      }
    }
    return states
  }

  /// The provider's type name as reported by instrumentation.
  ///
  /// Worked out once per provider type per text view, which keeps it (`String(describing:)`
  /// reflects on the type, which cost more than the rest of a keystroke's reuse bookkeeping); not
  /// stored per provider, since every provider ever shown persists.
  public var providerTypeName: String {
    parentView?.reuseController.providerTypeName(for: type(of: self)) ?? String(describing: type(of: self))
  }
}
