import ReuseKitSupport

extension StickerWorkerPool {
  /// Loads a sticker in a worker, waiting for the answer (up to ``Configuration/loadTimeBudget``).
  /// - Returns: The sticker's id in the pool and what the worker read.
  func load(
    name: String, kind: StickerAsset.Kind, strip: StickerAsset.StripLayout?, limits: StickerLimits, bytes: [UInt8]
  ) -> Result<(UInt32, WorkerResponse.Loaded), StickerError.Reason> {
    let id = nextID
    nextID &+= 1
    if nextID >= ReferenceSticker.ids[0] { nextID = 1 }
    let slot = Int(id % UInt32(slots.count))
    _ = budgetScales(measuringOn: slot)
    stickers[id] = PooledSticker(
      name: name, kind: kind, strip: strip, limits: limits, bytes: bytes, slot: slot, loaded: nil, failure: nil)
    defer { statistics.loads += 1 }
    return loadNow(id, on: slot).map { (id, $0) }
  }

  /// Loads sticker `id` (already in ``stickers``) on worker `slot`, waiting for the answer.
  /// - Returns: What the worker read; on failure the sticker is forgotten.
  func loadNow(_ id: UInt32, on slot: Int) -> Result<WorkerResponse.Loaded, StickerError.Reason> {
    var outcome: Result<WorkerJobResult, StickerError.Reason>?
    submit(loadJob(id) { outcome = $0 }, to: slot)
    wait { outcome != nil }
    switch outcome ?? .failure(.decoderCrashed("the worker did not answer")) {
    case .success(.loaded(let loaded)):
      stickers[id]?.loaded = loaded
      return .success(loaded)
    case .success(.image): return .failure(.decoderCrashed("the worker answered a load with a frame"))
    case .failure(let reason):
      stickers[id] = nil
      return .failure(reason)
    }
  }

  /// Forgets sticker `id`: the pool drops its bytes and its worker unloads it.
  func forget(_ id: UInt32) {
    guard let sticker = stickers.removeValue(forKey: id) else { return }
    let slot = slots[sticker.slot]
    if slot.loaded.remove(id) != nil { _ = slot.process?.send(WorkerRequest.unload(id: id).message()) }
  }
}
