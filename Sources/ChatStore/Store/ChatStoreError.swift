import Foundation
import TextEngine

/// Why a chat store could not be opened, read or written. The message names the file.
public struct ChatStoreError: Error, Equatable, CustomStringConvertible, Sendable, TextContentSourceFailure {
  /// What went wrong, in kind.
  public enum Kind: Equatable, Sendable {
    /// No file at the path.
    case missing
    /// The file is not a chat store: not SQLite at all, another application's SQLite file, a
    /// damaged file, or not a regular file.
    case notAChatStore
    /// A chat store of a newer schema than this build reads.
    case unsupportedVersion
    /// The file or its folder cannot be written (a store is only opened for editing).
    case readOnly
    /// The output file exists already (a new store never replaces a file).
    case exists
    /// A SQLite call failed while reading or writing the store.
    case database
    /// The disk holding the store (or its write-ahead log) is full: the write was refused, the
    /// store is as it was before it, and writing works again once there is space.
    case diskFull
    /// Another process has the store open for editing (see ``ChatStore``'s rule for several
    /// processes).
    case locked
    /// The request does not fit the store (a position past a block's end, an unknown block).
    case invalidRequest
  }

  /// What went wrong, in kind.
  public var kind: Kind
  /// The store's file.
  public var file: String
  /// What went wrong, in words.
  public var reason: String

  /// An error of `kind` about the store at `file`.
  /// - Parameters:
  ///   - kind: What went wrong, in kind.
  ///   - file: The store's file.
  ///   - reason: What went wrong, in words.
  public init(_ kind: Kind, file: String, reason: String) {
    self.kind = kind
    self.file = file
    self.reason = reason
  }

  /// A failed SQLite call, as a store error.
  init(_ error: SQLiteError) {
    // SQLITE_FULL, or an I/O error whose cause was a full disk or quota.
    let full = error.primaryCode == 13 || error.systemErrno == ENOSPC || error.systemErrno == EDQUOT
    self.init(
      full ? .diskFull : .database, file: error.file,
      reason: (full ? "disk full: " : "") + "\(error.action): \(error.message) (SQLite code \(error.code))")
  }

  public var description: String { "\(file): \(reason)" }

  /// Whether the disk is full (``Kind/diskFull``): the content manager then refuses the edit as
  /// `TextEditError.storeFull`.
  public var isOutOfSpace: Bool { kind == .diskFull }
}
