import Foundation

extension Transcript {
  /// Parses JSON bytes with ``TranscriptCodec``.
  /// - Throws: ``TranscriptError`` naming the message, the part, or the line and column at fault.
  public init(jsonData: Data) throws(TranscriptError) {
    let result = jsonData.withUnsafeBytes { raw -> Result<Transcript, TranscriptError> in
      do throws(TranscriptError) {
        return .success(try TranscriptCodec.decode(raw))
      } catch {
        return .failure(error)
      }
    }
    self = try result.get()
  }

  /// Pretty, stable JSON (keys in alphabetical order), written by ``TranscriptCodec``.
  public func jsonData() -> Data { Data(TranscriptCodec.encode(self)) }
}
