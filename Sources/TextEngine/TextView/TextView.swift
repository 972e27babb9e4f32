import Instrumentation
/// Stub: replaced by the headless text view.
open class TextView {
  public let instrumentation = Instrumentation()
  public var textLayoutManager: TextLayoutManager? { nil }
}
