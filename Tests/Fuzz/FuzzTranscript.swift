import ChatModel

/// The transcript codec on arbitrary bytes: a file either decodes or throws a `TranscriptError`
/// (never traps), and a decoded transcript encodes to bytes that decode to the same transcript.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTranscript(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = UnsafeRawBufferPointer(start: data, count: size)
  guard let transcript = try? TranscriptCodec.decode(bytes) else { return 0 }
  let encoded = TranscriptCodec.encode(transcript)
  let again = encoded.withUnsafeBytes { try? TranscriptCodec.decode($0) }
  require(again == transcript, "a transcript does not round-trip")
  return 0
}
