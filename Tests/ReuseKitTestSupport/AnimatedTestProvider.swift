import AnimationRuntime
import Foundation
import Instrumentation
import TextEngine

/// A provider whose view carries an animation state, like a sticker's, tallying real objects.
open class AnimatedTestProvider: TextAttachmentViewProvider {
  public required init(
    textAttachment: TextAttachment, parentView: TextView?, textLayoutManager: TextLayoutManager?,
    location: TextLocation
  ) {
    super.init(
      textAttachment: textAttachment, parentView: parentView, textLayoutManager: textLayoutManager, location: location)
    tally = (parentView as? CountingTextView)?.tally
    tally?.providersInitialized += 1
  }

  private weak var tally: ObjectTally?

  deinit { tally?.providersDeinitialized += 1 }

  open override func loadView() throws {
    let tally = (parentView as? CountingTextView)?.tally
    // A real animation state: the view counts it, with no call from here.
    let state = AnimationState(clock: animationClock, frameCount: 12, frameRate: 12)
    view = TestAnimatedSurface(frame: textAttachment?.bounds ?? .zero, tally: tally, animationState: state)
    tally?.viewsLoaded += 1
    tally?.animationStatesCreated += 1
  }
}

/// A subclass, to test how registrations cover subclasses.
public final class SpecialAnimatedTestProvider: AnimatedTestProvider {}

/// A provider whose `loadView()` always fails.
public final class FailingLoadProvider: TextAttachmentViewProvider {
  public struct LoadFailure: Error, CustomStringConvertible {
    public var description: String { "decoder refused the file" }
  }
  public override func loadView() throws { throw LoadFailure() }
}

/// A view with a frame counter that advances while shown, pauses in the scroll cache.
public final class TestAnimatedSurface: TextViewportRenderingSurface {
  public var frame: CGRect
  public private(set) var isPaused = false
  public private(set) var isDiscarded = false
  public var reuseCacheCost: Int { Int(frame.width * frame.height * 4) }
  /// The view's animation, made with it.
  public let animationState: AnimationState
  private weak var tally: ObjectTally?

  init(frame: CGRect, tally: ObjectTally?, animationState: AnimationState) {
    self.frame = frame
    self.tally = tally
    self.animationState = animationState
  }

  public func surfaceWillEnterReuseCache(keepsAdvancing: Bool) {
    isPaused = !keepsAdvancing
    if isPaused { animationState.pause() }
  }
  public func surfaceDidLeaveReuseCache() {
    isPaused = false
    animationState.resume()
  }
  public func surfaceWillBeDiscarded() {
    isDiscarded = true
    tally?.viewsDiscarded += 1
  }
}

/// A provider that tracks its view's bounds: layout asks it, and it answers 48 × 48.
public final class TrackingBoundsProvider: TextAttachmentViewProvider {
  public required init(
    textAttachment: TextAttachment, parentView: TextView?, textLayoutManager: TextLayoutManager?,
    location: TextLocation
  ) {
    super.init(
      textAttachment: textAttachment, parentView: parentView, textLayoutManager: textLayoutManager, location: location)
    tracksTextAttachmentViewBounds = true  // settable, as in TextKit
  }

  public override func attachmentBounds(
    for attributes: TextAttributes, location: TextLocation, textContainer: TextContainer?,
    proposedLineFragment: CGRect, position: CGPoint
  ) -> CGRect {
    CGRect(x: 0, y: -8, width: 48, height: 48)
  }
}
