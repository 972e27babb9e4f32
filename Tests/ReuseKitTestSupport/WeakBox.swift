/// A weak reference, for tests that must not keep the objects they compare alive.
public struct WeakBox<Object: AnyObject> {
  public weak var value: Object?
  public init(_ value: Object?) { self.value = value }
}

extension Array {
  /// Whether these boxes hold exactly `objects`, in order: each still alive and identical. Held
  /// weakly, so a test keeps nothing alive, and a freed object whose address a new one reuses cannot
  /// pass for it.
  public func holdExactly<Object: AnyObject>(_ objects: [Object]) -> Bool where Element == WeakBox<Object> {
    count == objects.count && zip(self, objects).allSatisfy { $0.value != nil && $0.value === $1 }
  }
}
