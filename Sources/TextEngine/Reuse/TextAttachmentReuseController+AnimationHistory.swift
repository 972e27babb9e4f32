/// Animation history, per place: what makes a new animation state a reset.
///
/// A place is one occurrence of an attachment in the document, the unit the providers follow (one
/// provider per occurrence). A reset (`animationResets`) is an animation that restarted: a state made
/// by a view loaded for a place that had already shown an animation. The first view of a new place
/// (the object placed a second time, a paste) is a creation. <doc:ReusePolicies> ("Animation resets")
/// states the rules; here is where they are kept.
///
/// A provider knows whether it loaded an animated view
/// (``TextAttachmentViewProvider/hasShownAnimation``). When an animated provider goes while its
/// place may stay (an edit without the edit policy, a policy removed, a deletion that undo can
/// revert), the place's history goes to ``animatedPlacesWithoutProvider``; the attachment's next
/// provider without a history of its own takes it over when it loads its view.
extension TextAttachmentReuseController {
  /// `loadView()` for `record`, counting each animation state it made, as a reset when the place had
  /// shown an animation: its provider loaded an animated view before, or it takes over the history
  /// of a place of the same attachment whose animated provider was discarded.
  /// - Throws: What `loadView()` throws; nothing is counted then.
  func loadViewCountingAnimations(of record: ProviderRecord) throws {
    let provider = record.provider
    let inherits = !provider.hasShownAnimation && animatedPlacesWithoutProvider[record.id] != nil
    let states = try provider.countingAnimationStates(
      recordingTo: instrumentation, paragraphIndex: record.paragraphIndex, inheritingHistory: inherits
    ) { try provider.loadView() }
    if inherits, states > 0 { takeOverAnimatedPlace(of: record.id) }
  }

  /// `record`'s provider goes (discarded, or handed to another attachment): when it had shown an
  /// animation, its place's history stays with the attachment, for the place's next provider.
  func keepAnimationHistory(of record: ProviderRecord) {
    guard record.provider.hasShownAnimation else { return }
    animatedPlacesWithoutProvider[record.id, default: 0] += 1
  }

  /// One of `identity`'s places without a provider got one, which took over its history.
  private func takeOverAnimatedPlace(of identity: AttachmentIdentity) {
    guard let count = animatedPlacesWithoutProvider[identity] else { return }
    animatedPlacesWithoutProvider[identity] = count > 1 ? count - 1 : nil
  }
}
