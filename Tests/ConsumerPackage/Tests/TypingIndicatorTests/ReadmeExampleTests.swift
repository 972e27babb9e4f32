// The README's "Use ReuseKit in your tests" example, verbatim: keep the two in step.
import ReuseKitTesting
import Testing
import TypingIndicator

@Test(arguments: TextAttachmentViewProviderReusePolicy.allCombinations)
func typingAndScrollingKeepTheIndicatorAnimating(policy: TextAttachmentViewProviderReusePolicy) throws {
  let host = ReuseTestHost(
    messages: 200, attachmentEvery: 10, provider: TypingIndicatorProvider.self, policy: policy,
    attachment: { _ in TypingIndicatorAttachment() })
  let delta = try host.measure {
    try host.select(message: 10, offset: .end)  // a message holding an indicator
    try host.type("hi")  // two edits of its paragraph
    try host.scroll(toMessage: 150)  // every indicator scrolls out…
    try host.scroll(toMessage: 0)  // …and back in
  }
  #expect(delta.providersCreated == PerPolicy(none: 8, edit: 6, scroll: 8, both: 6)[policy])
  #expect(delta.animationResets == PerPolicy(none: 9, edit: 7, scroll: 2, both: 0)[policy])
}
