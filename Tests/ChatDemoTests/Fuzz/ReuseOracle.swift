import AnimationRuntime
import ChatDemoCore
import Instrumentation
import ReuseKitTestSupport
import Stickers
import TextEngine

/// The fuzz test's oracle: what the reuse policies promise, checked on real objects.
///
/// It sees the providers, views and animation states themselves, as each viewport pass configures
/// them (``PassObservingTextView``), and counts them alive through weak references (their `deinit`
/// is what makes them stop counting). It compares them with a model of what the session did:
/// which stickers each pass showed, whether an edit replaced a sticker's paragraph (its
/// identifier changed) or a resize its fragment, and how many views left the viewport since a
/// sticker did (so whether the scroll cache could have evicted it). Nothing here reads the reuse
/// controller's bookkeeping, so with reuse switched off the promises of `.onEditingInlineParagraphs`
/// and `.onScrollingOutOfViewport` fail at once.
final class ReuseOracle {
  /// How often each promise was checked, so that a run that never exercised one shows.
  struct Checks: Equatable, CustomStringConvertible {
    /// A shown sticker whose fragment an edit or a resize replaced kept its provider, view and
    /// animation state (edit policy).
    var keptOnEdit = 0
    /// … got a new provider, view and animation state (no edit policy).
    var renewedOnEdit = 0
    /// A sticker scrolled out and back, within the cache's bounds and unedited, got its own
    /// provider, view and animation state back (scroll policy).
    var restoredOnScroll = 0
    /// A sticker scrolled out and back loaded a new view and animation state (no scroll policy).
    var reloadedOnScroll = 0
    /// A sticker scrolled out and back whose paragraph an edit replaced meanwhile kept its provider
    /// and view (both policies), or got new ones (scroll policy only, or deleted and put back).
    var settledWhileCached = 0

    static func += (lhs: inout Checks, rhs: Checks) {
      lhs.keptOnEdit += rhs.keptOnEdit
      lhs.renewedOnEdit += rhs.renewedOnEdit
      lhs.restoredOnScroll += rhs.restoredOnScroll
      lhs.reloadedOnScroll += rhs.reloadedOnScroll
      lhs.settledWhileCached += rhs.settledWhileCached
    }

    var description: String {
      "kept on edit \(keptOnEdit), renewed on edit \(renewedOnEdit), restored on scroll \(restoredOnScroll), "
        + "reloaded on scroll \(reloadedOnScroll), settled while cached \(settledWhileCached)"
    }
  }

  /// What the oracle last knew of a sticker it saw shown.
  private struct Record {
    var attachment: WeakBox<TextAttachment>
    var lastShown: Int
    var fragment: WeakBox<TextLayoutFragment>
    var paragraph: Int64
    var width: Double
    var provider: WeakBox<TextAttachmentViewProvider>
    var view: WeakBox<AnyObject>
    var state: WeakBox<AnimationState>
    /// When it left the viewport: how many views had left before the pass it left in, and the sum
    /// of their cache costs. A pass caches the views it no longer shows in an order of its own,
    /// then evicts, so every view that left in the same pass may be newer than this one.
    var departure: (count: Int, cost: Int)?
    /// Whether its attachment left the document while it was away.
    var deletedWhileAway = false
  }

  /// The policies the test registered for stickers: what is promised.
  let policy: TextAttachmentViewProviderReusePolicy
  /// The step being run (the model's account of what the session does).
  var step: ScenarioStep?
  private(set) var checks = Checks()
  /// Real objects seen: providers, views (sticker views or placeholders) and animation states.
  private var providers = ObjectCensus<TextAttachmentViewProvider>()
  private var views = ObjectCensus<AnyObject>()
  private var states = ObjectCensus<AnimationState>()
  private var records: [Int: Record] = [:]
  private var shownLastPass: Set<Int> = []
  private var shownThisPass: Set<Int> = []
  private var passesEnded = 0
  /// Views that left the viewport so far, and the sum of their cache costs.
  private var departures = 0
  private var departedCost = 0
  /// Stickers away from the viewport, watched for deletion (their providers persist).
  private var away: Set<Int> = []
  private var cache = ReuseCacheConfiguration()
  /// The passes and counters the last frame's check saw.
  private var passesChecked = -1
  private var totalsChecked = Counters()
  private var violations: [String] = []

  init(policy: TextAttachmentViewProviderReusePolicy) { self.policy = policy }

  private var edits: Bool { policy.contains(.onEditingInlineParagraphs) }
  private var scrolls: Bool { policy.contains(.onScrollingOutOfViewport) }

  private func fail(_ message: String) {
    violations.append("[\(policy.shortName), pass \(passesEnded + 1), \(step?.op ?? "setup")] \(message)")
  }

  // MARK: Passes

  /// A pass configured `fragment`: check each of its stickers against what the oracle knew of it.
  func configured(_ fragment: TextLayoutFragment) {
    let placed = fragment.attachmentPlacements.map(\.attachment)
    let given = fragment.textAttachmentViewProviders
    if given.count != placed.count {
      fail("a fragment with \(placed.count) attachments was given \(given.count) providers")
    }
    for provider in given {
      guard let attachment = provider.textAttachment, placed.contains(where: { $0 === attachment }) else {
        fail("a fragment holds a provider (attachment \(provider.attachmentID)) for an attachment it does not show")
        continue
      }
      guard let view = provider.view else {
        fail("sticker \(attachment.id) is shown without a view")
        continue
      }
      let sticker = view as? StickerView
      let state = sticker?.isPlaceholder == false ? sticker?.animationState : nil
      let fresh = (
        provider: providers.record(provider), view: views.record(view), state: state.map { states.record($0) }
      )
      guard shownThisPass.insert(attachment.id).inserted else {
        fail("sticker \(attachment.id) is shown twice in one pass")
        continue
      }
      if let old = records[attachment.id] { compare(old, attachment.id, fragment, provider, view, state, fresh) }
      records[attachment.id] = Record(
        attachment: WeakBox(attachment), lastShown: passesEnded + 1, fragment: WeakBox(fragment),
        paragraph: fragment.textParagraph.identifier, width: fragment.layoutWidth, provider: WeakBox(provider),
        view: WeakBox(view), state: WeakBox(state))
      away.remove(attachment.id)
    }
  }

  /// Checks sticker `id`, shown again, against `old`, what the oracle knew of it.
  private func compare(
    _ old: Record, _ id: Int, _ fragment: TextLayoutFragment, _ provider: TextAttachmentViewProvider,
    _ view: any TextViewportRenderingSurface, _ state: AnimationState?,
    _ fresh: (provider: Bool, view: Bool, state: Bool?)
  ) {
    let kept = old.provider.value === provider && old.view.value === view && old.state.value === state
    let renewed = fresh.provider && fresh.view && fresh.state != false
    let edited = old.paragraph != fragment.textParagraph.identifier
    let resized = old.width != fragment.layoutWidth
    if old.lastShown == passesEnded {  // shown in the last pass too
      if edited, let step, !step.edits { fail("sticker \(id)'s paragraph was replaced by a step that edits nothing") }
      if resized, step?.op != "resize" { fail("sticker \(id)'s fragment changed width without a resize") }
      if resized, !edited, old.fragment.value !== fragment {
        fail("sticker \(id)'s fragment was replaced by a resize (a relayout keeps the fragment)")
      }
      if old.fragment.value === fragment {
        if !kept {
          fail(
            "sticker \(id) kept its fragment but not its provider, view and animation state: "
              + changes(old, provider, view, state))
        }
      } else if edits {
        checks.keptOnEdit += 1
        if !kept { fail("sticker \(id)'s fragment was replaced by an edit: new provider, view or state") }
      } else {
        checks.renewedOnEdit += 1
        if !renewed { fail("sticker \(id)'s fragment was replaced by an edit: kept its provider or view") }
      }
      return
    }
    // Back after being away for a pass or more. Providers persist (TextKit: "the provider itself
    // persists"): the same one comes back unless the attachment was deleted, or an edit replaced its
    // paragraph without the edit policy.
    if old.deletedWhileAway {
      checks.settledWhileCached += 1
      if !renewed { fail("sticker \(id), deleted and put back while away, kept its provider or view") }
      return
    }
    if edited, !edits {
      checks.settledWhileCached += 1
      if !fresh.provider { fail("sticker \(id), edited while away without the edit policy, kept its provider") }
      return
    }
    if old.provider.value !== provider { fail("sticker \(id) came back with a new provider, though providers persist") }
    guard scrolls else {
      checks.reloadedOnScroll += 1
      if !fresh.view || fresh.state == false { fail("sticker \(id) came back into view with its old view") }
      return
    }
    guard let departure = old.departure, departures - departure.count <= cache.countLimit,
      departedCost - departure.cost <= cache.byteLimit
    else { return }  // the cache may have let the view go
    if !edited {
      checks.restoredOnScroll += 1
      if !kept {
        fail(
          "sticker \(id) scrolled out and back within the cache's bounds (away since pass \(old.lastShown + 1), "
            + "\(departures - departure.count) departures from then): \(changes(old, provider, view, state))")
      }
    } else {
      checks.settledWhileCached += 1
      if !kept { fail("sticker \(id), edited while cached: new provider, view or state") }
    }
  }

  /// What differs between `old` and the objects shown now, for messages.
  private func changes(
    _ old: Record, _ provider: TextAttachmentViewProvider, _ view: any TextViewportRenderingSurface,
    _ state: AnimationState?
  ) -> String {
    let differ = [
      ("provider", old.provider.value === provider), ("view", old.view.value === view),
      ("state", old.state.value === state),
    ].filter { !$0.1 }.map(\.0)
    let what = differ.isEmpty ? "nothing new" : "new " + differ.joined(separator: ", ")
    // A placeholder has no animation state of its own: say why the sticker became one.
    guard let sticker = view as? StickerView, sticker.isPlaceholder else { return what }
    return what + " (the view shows the placeholder: \(sticker.failureReason ?? "no reason given"))"
  }

  /// The pass ended: the stickers it did not show left the viewport.
  func passEnded(in view: TextView) {
    cache = view.reuseCacheConfiguration
    let before = (count: departures, cost: departedCost)
    for id in shownLastPass.subtracting(shownThisPass) {
      guard var record = records[id] else { continue }
      departures += 1
      departedCost += (record.view.value as? any TextViewportRenderingSurface)?.reuseCacheCost ?? 0
      record.departure = before
      records[id] = record
      away.insert(id)
    }
    // Every sticker away is watched for deletion, however long ago it left: its provider persists
    // (whatever the cache held) until its attachment leaves the document.
    for id in away {
      guard var record = records[id], !record.deletedWhileAway else {
        away.remove(id)
        continue
      }
      if !record.deletedWhileAway, !isInDocument(record.attachment.value, view) {
        record.deletedWhileAway = true
        records[id] = record
      }
    }
    swap(&shownLastPass, &shownThisPass)
    shownThisPass.removeAll(keepingCapacity: true)
    passesEnded += 1
  }

  private func isInDocument(_ attachment: TextAttachment?, _ view: TextView) -> Bool {
    guard let attachment else { return false }
    return view.textContentManager.contains(attachment)
  }

  // MARK: Frames

  /// After a frame: the live objects are within their bounds and the view's counters match the
  /// objects really made. A frame after no pass, with the counters unchanged (an `advance` tick), is
  /// not counted again: no object can have been made or let go.
  /// - Returns: Every violation since the last frame (then forgotten).
  func frameEnded(in view: TextView) -> [String] {
    defer { violations = [] }
    let totals = view.instrumentation.totals
    guard passesEnded != passesChecked || totals != totalsChecked else { return violations }
    passesChecked = passesEnded
    totalsChecked = totals
    let storage = view.textContentManager
    var liveProviders = 0
    var perAttachment: [Int: Int] = [:]
    providers.forEachLive { provider in
      liveProviders += 1
      perAttachment[provider.attachmentID, default: 0] += 1
      // Shown ones are in the document: the last pass laid it out.
      guard let attachment = provider.textAttachment else {
        return fail("a provider of attachment \(provider.attachmentID), whose attachment is gone, is alive")
      }
      if !shownLastPass.contains(attachment.id), !storage.contains(attachment) {
        fail("a provider of attachment \(provider.attachmentID), no longer in the document, is alive")
      }
    }
    for (id, count) in perAttachment where count > 1 { fail("attachment \(id) has \(count) live providers") }
    let liveViews = views.liveCount()
    let cacheRoom = scrolls ? cache.countLimit : 0
    if liveViews - shownLastPass.count > cacheRoom {  // not `shown + room`: an unbounded room is `Int.max`
      fail("\(liveViews) views are alive, more than \(shownLastPass.count) shown + \(cacheRoom) the cache may hold")
    }
    let liveStates = states.liveCount()
    if liveStates > liveViews { fail("\(liveStates) animation states are alive for \(liveViews) views") }
    for (counter, made) in [
      (Counter.providersCreated, providers.made), (.viewsLoaded, views.made), (.animationStatesCreated, states.made),
    ] where totals[counter] != made {
      fail("\(counter.rawValue) is \(totals[counter]) but \(made) were really made")
    }
    for message in view.instrumentation.invariantViolations(
      actual: .init(providers: liveProviders, views: liveViews, providersPerAttachment: perAttachment))
    {
      fail("counters against real objects: \(message)")
    }
    return violations
  }
}

extension ScenarioStep {
  /// Whether the step may change the document (the oracle's model: other steps replace no paragraph).
  var edits: Bool {
    switch self {
    case .type, .insertSticker, .send, .undo, .redo, .cut, .paste: true
    case .key(let key, _): [.backspace, .delete, .enter].contains(key)
    default: false
    }
  }
}
