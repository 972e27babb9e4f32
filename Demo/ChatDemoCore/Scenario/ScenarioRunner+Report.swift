import ChatKit
import Foundation
import Instrumentation
import Stickers
import TextEngine

/// The report: counters, per attachment in document order, per view.
extension ScenarioRunner {
  package func report(_ app: ChatApp) -> ScenarioReport {
    app.recordFrameWork()  // the prefetcher's frames, counted up to now
    let storage = app.storage
    let instrumentation = app.chatView.instrumentation
    let runtime = app.stickers.runtime
    var locations: [Int: (message: Int, sticker: String?)] = [:]
    var index = 0
    let delegate = storage.delegate  // collapsed days hide paragraphs from enumeration: count them too
    storage.delegate = nil
    defer { storage.delegate = delegate }
    func name(of attachment: TextAttachment) -> String? {
      (attachment as? StickerAttachment)?.stickerName ?? attachment.fileType
    }
    if case .history = scenario.transcript {
      // A chat store builds paragraphs only as they are read, so each counted attachment is looked
      // up by its stored identifier (building only the paragraphs that hold them, not every
      // paragraph). When several attachment objects had one identifier, the newest is listed where
      // the sticker is and the older ones without a message: right for a sticker deleted and put
      // back by undo (in memory the deleted object has left the document too); a sticker whose
      // paragraph was released and rebuilt and whose provider was made again is also listed twice,
      // as a store makes it a new object. The identifiers come from the current view 0 (a view a
      // `scene` step replaced is not asked).
      let identities = (app.view(at: 0) ?? app.chatView).reuseController.identitiesByAttachmentID
      var newest: [AttachmentIdentity: Int] = [:]
      for (id, identity) in identities where instrumentation.counters(forAttachment: id) != nil {
        newest[identity] = max(newest[identity] ?? id, id)
      }
      for (identity, id) in newest {
        guard let message = storage.indexOfStoredAttachment(identity) else { continue }
        let attachment = storage.paragraph(at: message)?.attributedString.attachments.first { $0.identity == identity }
        locations[id] = (message, attachment.flatMap(name(of:)))
      }
    } else {
      // A transcript in memory: every paragraph is at hand.
      storage.enumerateTextElements { element in
        for attachment in (element as? TextParagraph)?.attributedString.attachments ?? [] {
          locations[attachment.id] = (index, name(of: attachment))
        }
        index += 1
        return true
      }
    }
    // In document order (attachments no longer in the document last), so that both backends,
    // which number attachment objects in different orders, list them alike.
    let counted = instrumentation.perAttachment  // built once: it is made on each access
    let ordered = counted.keys.sorted {
      (locations[$0]?.message ?? .max, $0) < (locations[$1]?.message ?? .max, $1)
    }
    let perAttachment = ordered.map { id in
      ScenarioReport.AttachmentEntry(
        message: locations[id]?.message, sticker: locations[id]?.sticker, counters: counted[id]!)
    }
    // The user's own stickers are all reported, as the palette shows them all.
    if let user = options.userStickerDirectory {
      for asset in runtime.library.assets where asset.file.deletingLastPathComponent().path == user.path {
        _ = runtime.status(named: asset.name)
      }
    }
    var report = ScenarioReport(
      scenario: scenario.name,
      policies: policies.optionNames,
      counters: instrumentation.totals, perProviderType: instrumentation.perProviderType, perAttachment: perAttachment,
      expectations: expectations, framesRendered: framesRendered, screenshots: screenshots,
      errors: instrumentation.events.filter { $0.kind == .error }.compactMap(\.message),
      stickers: runtime.usedStickers)
    report.scrollCache = app.chatView.reuseCacheConfiguration.description
    report.renderer = app.rendererSummary ?? ScenarioReport.offscreenRenderer
    report.editsNotSaved = app.editFailures
    report.search = app.searchReport
    let secondary = app.state.hasSplit ? app.secondaryInstrumentation : nil
    report.views = [instrumentation, secondary].enumerated().compactMap { index, counters in
      counters.map { ScenarioReport.ViewCounters(view: index, counters: $0.totals) }
    }
    return report
  }
}
