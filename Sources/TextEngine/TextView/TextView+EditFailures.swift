import Instrumentation

/// What happens when a user edit cannot be made: the text view's action methods (``insertText(_:)``,
/// ``deleteBackward()``, ``paste()``, ``undo()`` and the others) do not throw, as `NSTextView`'s
/// do not, but a failure is never silent. It is kept in ``lastEditFailure``, counted in
/// ``editFailureCount``, recorded as an `.error` event in the view's instrumentation (so a scenario
/// report lists it in `errors`), and handed to ``editFailureHandler`` for the app to show. The
/// document, the selection and the undo history stay as they were.
extension TextView {
  /// Runs the user edit `edit`; a failure is reported as above.
  /// - Returns: Whether the edit was made.
  @discardableResult
  func reportingEditFailure(_ edit: () throws(TextEditError) -> Void) -> Bool {
    do {
      try edit()
      lastEditFailure = nil
      return true
    } catch {
      lastEditFailure = error
      editFailureCount += 1
      instrumentation.record(.error, message: "the edit was not made: \(error)")
      editFailureHandler?(error)
      return false
    }
  }
}
