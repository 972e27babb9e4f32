import Foundation
import Instrumentation

/// The reuse API; the state and every decision belong to ``reuseController``.
extension TextView {
  /// Registers `policy` for providers of `type` **and its subclasses** (a subclass's own
  /// registration wins over its ancestors'). The policy applies from the next viewport pass.
  /// Registering an empty set removes the registration.
  public func register<Provider: TextAttachmentViewProvider>(
    _ policy: TextAttachmentViewProviderReusePolicy, forTextAttachmentViewProviderType type: Provider.Type
  ) {
    reuseController.register(policy, for: type)
  }

  /// The policy in force (since the last pass) for providers of `type`.
  public func reusePolicy(forTextAttachmentViewProviderType type: TextAttachmentViewProvider.Type)
    -> TextAttachmentViewProviderReusePolicy
  {
    reuseController.policy(for: type)
  }

  /// The objects this view really holds, for `Instrumentation.invariantViolations(actual:)`.
  public var liveObjects: Instrumentation.LiveObjects { reuseController.liveObjects }

  /// The bookkeeping invariants that do not hold right now (empty when all hold).
  public func reuseInvariantViolations() -> [String] {
    instrumentation.invariantViolations(actual: liveObjects)
  }

  /// The number of views in the scroll cache.
  public var cachedViewCount: Int { reuseController.cachedViewCount }
  /// The bytes the scroll cache holds.
  public var cachedViewBytes: Int { reuseController.cachedViewBytes }

  /// The provider this view holds for `attachment`, if any.
  public func viewProvider(for attachment: TextAttachment) -> TextAttachmentViewProvider? {
    reuseController.provider(for: attachment)
  }

  /// The providers of the attachments in the last pass's fragments, top to bottom.
  public var visibleAttachmentViewProviders: [TextAttachmentViewProvider] {
    textViewportLayoutController.configuredFragments.flatMap { $0.fragment.textAttachmentViewProviders }
  }
}
