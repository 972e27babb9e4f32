/// The policies registered on one text view, by provider type.
///
/// A registration covers the registered type **and its subclasses**, unless a subclass has a
/// registration of its own: the most specific registered ancestor wins. Registering an empty
/// set removes the registration.
struct ReuseRegistry {
  private struct Registration {
    let type: TextAttachmentViewProvider.Type
    let policy: TextAttachmentViewProviderReusePolicy
    /// Whether a provider class is the registered type or one of its subclasses.
    let covers: (AnyClass) -> Bool
  }

  private var registrations: [ObjectIdentifier: Registration] = [:]
  private var resolved: [ObjectIdentifier: TextAttachmentViewProviderReusePolicy] = [:]

  mutating func register<Provider: TextAttachmentViewProvider>(
    _ policy: TextAttachmentViewProviderReusePolicy, for type: Provider.Type
  ) {
    let key = ObjectIdentifier(type)
    if policy.isEmpty {
      registrations[key] = nil
    } else {
      registrations[key] = Registration(type: type, policy: policy, covers: { $0 is Provider.Type })
    }
    resolved = [:]
  }

  /// The policy that applies to providers of `type`.
  /// - Complexity: O(registrations) the first time for a type, then O(1).
  mutating func policy(for type: TextAttachmentViewProvider.Type) -> TextAttachmentViewProviderReusePolicy {
    let key = ObjectIdentifier(type)
    if let cached = resolved[key] { return cached }
    let candidates = registrations.values.filter { $0.covers(type) }
    // The most specific candidate is covered by every other candidate.
    let best = candidates.first { candidate in candidates.allSatisfy { $0.covers(candidate.type) } }
    let policy = best?.policy ?? []
    resolved[key] = policy
    return policy
  }
}
