import StickerWire
import Testing

/// The messages between the app and a worker read back as written, and a message cut short or
/// over its cap is an error, never a trap.
@Suite struct WorkerWireTests {
  /// The body of a framed message (its 4-byte length prefix dropped), checking the prefix.
  private func body(_ message: [UInt8]) -> [UInt8] {
    let length = Int(message[0]) | Int(message[1]) << 8 | Int(message[2]) << 16 | Int(message[3]) << 24
    #expect(length == message.count - 4)
    return Array(message.dropFirst(4))
  }

  @Test func everyRequestReadsBackAsWritten() throws {
    let requests: [WorkerRequest] = [
      .load(
        id: 7, kind: .frameStrip, strip: StickerStripLayout(frameCount: 4, frameRate: 12),
        limits: StickerLimits(maxFileBytes: 1234, renderTimeBudget: 0.5), bytes: [1, 2, 3]),
      .load(id: 8, kind: .tgs, strip: nil, limits: .default, bytes: []),
      .render(id: 7, frame: 3, pixelSize: 64),
      .unload(id: 7),
      .arm(.allocate(bytes: 99)),
      .arm(.spin(milliseconds: 5)),
    ]
    for request in requests {
      #expect(try WorkerRequest(body(request.message()), maxBytes: 16) == request)
    }
  }

  @Test func everyResponseReadsBackAsWritten() throws {
    let loaded = WorkerResponse.Loaded(
      kind: .gif, contentKey: "abc", frameCount: 2, frameRate: 10, frameDurations: [0.1, 0.2], warnings: ["w"])
    let responses: [WorkerResponse] = [
      .accepted, .progress, .loaded(id: 1, loaded), .rendered(id: 1, width: 3, height: 4),
      .failed(id: 1, .fileTooLarge(bytes: 10, limit: 5)), .failed(id: 2, .durationTooLong(seconds: 90, limit: 60)),
      .failed(id: 3, .decoderCrashed("signal 11")),
    ]
    for response in responses {
      #expect(try WorkerResponse(body(response.message())) == response)
    }
    #expect(body(WorkerResponse.accepted.message()) == WorkerResponse.acceptedBody)
    #expect(body(WorkerResponse.progress.message()) == WorkerResponse.progressBody)
  }

  @Test func aTruncatedOrOversizedMessageIsAnError() {
    let load = body(WorkerRequest.load(id: 1, kind: .lottie, strip: nil, limits: .default, bytes: [1, 2, 3]).message())
    #expect(throws: WorkerWireError(reason: "message truncated")) {
      try WorkerRequest(Array(load.dropLast()), maxBytes: 16)
    }
    #expect(throws: WorkerWireError.self) { try WorkerRequest(load, maxBytes: 2) }
    let rendered = body(WorkerResponse.rendered(id: 1, width: 3, height: 4).message())
    #expect(throws: WorkerWireError(reason: "trailing bytes")) { try WorkerResponse(rendered + [0]) }
    #expect(throws: WorkerWireError(reason: "unknown response 9")) { try WorkerResponse([9]) }
  }
}
