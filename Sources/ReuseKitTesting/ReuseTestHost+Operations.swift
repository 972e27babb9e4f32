import Foundation
import ReuseKit
import ScenarioVocabulary

/// The operations: the JSON scenario ops of `chat-demo --scenario`, on view 0 (a "message" is a
/// paragraph). Each runs the viewport pass the view runs for it, and on an offscreen host draws a
/// frame, as the scenario runner does. A bad argument throws ``ReuseTestHost/OperationError`` and
/// changes nothing.
extension ReuseTestHost {
  /// Where ``select(message:offset:length:)`` starts inside its message: the scenario vocabulary's.
  public typealias Offset = ScenarioOffset

  /// A key for ``key(_:repeat:)``: the `key` op's keys, from the scenario vocabulary.
  public typealias Key = ScenarioKey

  /// An operation that could not run, and why; the document and views are unchanged.
  public struct OperationError: Error, CustomStringConvertible, Equatable {
    /// The operation, by its scenario op name.
    public var operation: Operation
    /// What was wrong.
    public var reason: String
    /// `"<op>: <reason>"`.
    public var description: String { "\(operation.rawValue): \(reason)" }
  }

  /// Selects `length` characters of message `message` from `offset` (a caret when 0): the
  /// `select` op.
  /// - Parameters:
  ///   - message: The paragraph index.
  ///   - offset: Where in the message the selection starts.
  ///   - length: The selection's length; it may run into later messages.
  /// - Throws: ``OperationError`` for a message, offset or length out of range.
  public func select(message: Int, offset: Offset = .at(0), length: Int = 0) throws(OperationError) {
    let (start, messageLength) = try messageRange(message, .select)
    let at: Int
    switch offset {
    case .end: at = messageLength
    case .at(let value):
      guard value >= 0, value <= messageLength else {
        throw OperationError(
          operation: .select, reason: "offset \(value) is outside message \(message) (length \(messageLength))")
      }
      at = value
    }
    let (upper, overflow) = (start + at).addingReportingOverflow(max(0, length))
    guard length >= 0, !overflow, upper <= storage.length else {
      throw OperationError(operation: .select, reason: "length \(length) runs past the end of the document")
    }
    do {
      try textView.setSelectedRange((start + at)..<upper)
    } catch {
      throw OperationError(operation: .select, reason: "\(error)")
    }
    try renderFrame(.select)
  }

  /// Types `text` at the selection, one character at a time with a frame after each, as a user
  /// does (`"\n"` splits the paragraph): the `type` op.
  /// - Parameter text: The characters to type.
  /// - Throws: ``OperationError`` when an offscreen frame cannot be drawn.
  public func type(_ text: String) throws(OperationError) {
    for character in text {
      if character == "\n" { deliver(.enter) } else { deliver(text: String(character)) }
      try renderFrame(.type)
    }
  }

  /// Presses `key` `count` times: the `key` op.
  /// - Parameters:
  ///   - key: The key.
  ///   - count: How many presses (default 1).
  /// - Throws: ``OperationError`` for a negative count.
  public func key(_ key: Key, repeat count: Int = 1) throws(OperationError) {
    guard count >= 0 else { throw OperationError(operation: .key, reason: "repeat \(count) is negative") }
    for _ in 0..<count { deliver(key) }
    try renderFrame(.key)
  }

  /// Scrolls message `message` to the top, centre or bottom of the viewport: the `scrollTo` op.
  /// - Parameters:
  ///   - message: The paragraph index.
  ///   - position: Where it lands (default the top).
  /// - Throws: ``OperationError`` for a message out of range.
  /// - Complexity: O(log n) plus one pass.
  public func scroll(toMessage message: Int, position: TextView.ScrollPosition = .top) throws(OperationError) {
    _ = try messageRange(message, .scrollTo)
    try? textView.scroll(toParagraphAt: message, position: position)
    try renderFrame(.scrollTo)
  }

  /// Scrolls by `dy` points (positive: down), clamped to the document: the `scrollBy` op.
  /// - Parameter dy: The distance.
  /// - Throws: ``OperationError`` for a distance that is not finite.
  public func scroll(by dy: Double) throws(OperationError) {
    guard dy.isFinite else { throw OperationError(operation: .scrollBy, reason: "\(dy) is not a distance") }
    textView.scroll(by: dy)
    try renderFrame(.scrollBy)
  }

  /// Flings: scrolls from `velocity` points per second, slowing by `friction` per second
  /// (`FlingMotion`), one step and one frame every 1/60 s of the clock for `seconds`: the `fling`
  /// op. Positive velocities scroll down, as ``scroll(by:)`` does; the fling stops when it slows
  /// to a stop or reaches the document's end, and the remaining frames only pass time.
  /// - Parameters:
  ///   - velocity: Points per second, at most 1,000,000 either way.
  ///   - seconds: How long, above 0 and at most 600.
  ///   - friction: The decay rate per second, 0...100 (default `FlingMotion.defaultFriction`; 0 keeps the speed).
  /// - Throws: ``OperationError`` for a value out of range, or when an offscreen frame cannot be drawn.
  public func fling(velocity: Double, seconds: Double, friction: Double = FlingMotion.defaultFriction)
    throws(OperationError)
  {
    guard velocity.isFinite, abs(velocity) <= 1_000_000, seconds.isFinite, seconds > 0, seconds <= 600,
      friction.isFinite, (0...100).contains(friction)
    else {
      throw OperationError(
        operation: .fling, reason: "velocity \(velocity), seconds \(seconds) or friction \(friction) is out of range")
    }
    let motion = FlingMotion(velocity: velocity, friction: friction, start: clock.now)
    var scrolled = 0.0
    var moving = true
    for _ in 0..<max(1, Int((seconds * 60).rounded())) {
      clock.advance(by: 1.0 / 60)
      if moving {
        let target = motion.offset(at: clock.now)
        let before = textView.scrollOffset
        textView.scroll(by: target - scrolled)
        scrolled = target
        moving = !motion.hasEnded(at: clock.now) && textView.scrollOffset != before
      }
      try renderFrame(.fling)
    }
  }

  /// Scrolls to the top: the `scrollToTop` op.
  /// - Throws: ``OperationError`` when an offscreen frame cannot be drawn.
  public func scrollToTop() throws(OperationError) {
    textView.scroll(toY: 0)
    try renderFrame(.scrollToTop)
  }

  /// Scrolls to the bottom: the `scrollToBottom` op.
  /// - Throws: ``OperationError`` when an offscreen frame cannot be drawn.
  public func scrollToBottom() throws(OperationError) {
    textView.scrollToBottom()
    try renderFrame(.scrollToBottom)
  }

  /// Resizes view 0 (and the split's second view) to `width` × `height` points: the `resize` op.
  /// - Parameters:
  ///   - width: The new width, 1 to 16,384.
  ///   - height: The new height, 1 to 16,384.
  /// - Throws: ``OperationError`` for a size out of range, or when an offscreen surface cannot be made.
  public func resize(width: Int, height: Int) throws(OperationError) {
    guard (1...16_384).contains(width), (1...16_384).contains(height) else {
      throw OperationError(operation: .resize, reason: "\(width) × \(height) is outside 1...16384")
    }
    if let offscreenResizer {
      do {
        try offscreenResizer(width, height)
      } catch {
        throw OperationError(operation: .resize, reason: "\(error)")
      }
    } else {
      textView.setViewportSize(CGSize(width: width, height: height))
    }
    secondaryView?.setViewportSize(CGSize(width: width, height: height))
    try renderFrame(.resize)
  }

  /// Advances the clock by `seconds` in frames of 1/60 s, drawing each on an offscreen host: the
  /// `advance` op. Shown animations move on; one paused in the scroll cache does not.
  /// - Parameter seconds: The time to pass, 0 to 3,600.
  /// - Throws: ``OperationError`` for a time out of range.
  public func advance(seconds: Double) throws(OperationError) {
    guard seconds.isFinite, (0...3_600).contains(seconds) else {
      throw OperationError(operation: .advance, reason: "\(seconds) s is outside 0...3600")
    }
    for _ in 0..<Int((seconds * 60).rounded()) {
      clock.advance(by: 1.0 / 60)
      try renderFrame(.advance)
    }
  }

  /// Registers `policy` for every registered provider type, in view 0 and the split's second view,
  /// and runs a pass (a policy applies from the next pass): the `setPolicies` op.
  /// - Parameter policy: The new policy set (`[]` turns reuse off).
  /// - Throws: ``OperationError`` when an offscreen frame cannot be drawn.
  public func setPolicies(_ policy: TextAttachmentViewProviderReusePolicy) throws(OperationError) {
    for index in registrations.indices {
      registrations[index].policy = policy
      registrations[index].register(in: textView)
      if let secondaryView { registrations[index].register(in: secondaryView) }
    }
    textView.layoutViewport()
    secondaryView?.layoutViewport()
    try renderFrame(.setPolicies)
  }
}
