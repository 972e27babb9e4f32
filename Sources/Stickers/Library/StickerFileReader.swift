import Foundation

/// Reads untrusted files with the size cap checked before reading and again while reading.
enum StickerFileReader {
  /// The file's bytes; a symbolic link is followed to a regular file (never to a device or a FIFO).
  /// - Throws: `StickerError` when the file is missing, not a regular file, empty or over `StickerLimits.maxFileBytes`.
  static func read(_ url: URL, limits: StickerLimits) throws(StickerError) -> [UInt8] {
    let path = url.path
    let attributes: [FileAttributeKey: Any]
    do {
      attributes = try FileManager.default.attributesOfItem(atPath: url.resolvingSymlinksInPath().path)
    } catch {
      throw StickerError(file: path, reason: .unreadable("no such file"))
    }
    guard attributes[.type] as? FileAttributeType == .typeRegular else {
      throw StickerError(file: path, reason: .unreadable("not a regular file"))
    }
    let declared = (attributes[.size] as? NSNumber)?.intValue ?? 0
    guard declared <= limits.maxFileBytes else {
      throw StickerError(file: path, reason: .fileTooLarge(bytes: declared, limit: limits.maxFileBytes))
    }
    let data: Data?
    do {
      let handle = try FileHandle(forReadingFrom: url.resolvingSymlinksInPath())
      defer { try? handle.close() }
      data = try handle.read(upToCount: limits.maxFileBytes + 1)
    } catch {
      throw StickerError(file: path, reason: .unreadable("\(error.localizedDescription)"))
    }
    let bytes = [UInt8](data ?? Data())
    guard !bytes.isEmpty else { throw StickerError(file: path, reason: .empty) }
    guard bytes.count <= limits.maxFileBytes else {
      throw StickerError(file: path, reason: .fileTooLarge(bytes: bytes.count, limit: limits.maxFileBytes))
    }
    return bytes
  }
}
