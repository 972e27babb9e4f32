import Foundation
import ReuseKitTesting
import Testing

/// What a test author gets from `ReuseTestHost.trace()` and a measured block's trace: the counters'
/// story as a Chrome trace, one `animation reset` instant per reset.
@Suite struct TraceTests {
  /// A provider whose view starts an animation, as a sticker's does.
  final class Animated: TextAttachmentViewProvider {
    private var playback: AnimationState?
    override func loadView() throws {
      playback = AnimationState(clock: animationClock, frameCount: 8, frameRate: 8)
      try super.loadView()
    }
  }

  /// The trace's events, by phase and name, per process.
  private func events(_ json: String) throws -> [[String: Any]] {
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    return try #require(object["traceEvents"] as? [[String: Any]])
  }

  private func count(_ events: [[String: Any]], phase: String, name: String? = nil, category: String? = nil) -> Int {
    events.count { event in
      event["ph"] as? String == phase && (name == nil || event["name"] as? String == name)
        && (category == nil || event["cat"] as? String == category)
    }
  }

  @Test(arguments: [TextAttachmentViewProviderReusePolicy(), .onEditingInlineParagraphs])
  func theHostsTraceHasAResetInstantPerReset(policy: TextAttachmentViewProviderReusePolicy) throws {
    let host = ReuseTestHost(messages: 100, attachmentEvery: 10, provider: Animated.self, policy: policy)
    let delta = try host.measure(includingFirstPass: true) {
      try host.select(message: 10, offset: .end)
      try host.type("abc")
    }
    let all = try events(host.trace())
    #expect(count(all, phase: "i", name: "animation reset") == delta.animationResets)
    #expect(count(all, phase: "X", category: "provider") == delta.providersCreated)
    #expect(policy.isEmpty ? delta.animationResets == 3 : delta.animationResets == 0)
  }

  @Test func theMeasuredBlocksTraceHoldsOnlyTheBlock() throws {
    let host = ReuseTestHost(messages: 100, attachmentEvery: 10, provider: Animated.self, policy: [])
    try host.select(message: 10, offset: .end)
    try host.type("a")  // before the block: one reset
    let delta = try host.measure { try host.type("bc") }
    let block = try events(try #require(host.lastMeasuredTrace))
    #expect(delta.animationResets == 2)
    #expect(count(block, phase: "i", name: "animation reset") == 2)
    #expect(count(block, phase: "X", name: "measured block", category: "step") == 1)
    #expect(count(try events(host.trace()), phase: "i", name: "animation reset") == 3)
  }
}
