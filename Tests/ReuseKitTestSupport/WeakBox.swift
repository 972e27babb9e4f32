/// A weak reference, for tests that must not keep the objects they compare alive.
public struct WeakBox<Object: AnyObject> {
  public weak var value: Object?
  public init(_ value: Object?) { self.value = value }
}
