/// Test hooks: what a test needs to time a fault (a kill after the worker has read its job).
extension StickerWorkerPool {
  /// How many workers have said they read the request they are working on (``poll()`` takes the
  /// word); a kill after that blames the request's sticker, a kill before it is retried.
  package var workersBusyWithAcceptedRequests: Int {
    slots.filter { $0.inFlight != nil && $0.accepted }.count
  }
}
