import CSQLite
import Foundation
import SQLiteFaultVFS

/// A fault-injecting SQLite VFS of this test's own (`Tests/SQLiteFaultVFS`): open a store through
/// ``name`` and ``arm(_:at:error:persistent:)`` it to fail the Nth write, sync or lock.
final class FaultVFS {
  /// The kinds of call a plan counts.
  struct Kinds: OptionSet {
    let rawValue: Int32
    static let write = Kinds(rawValue: Int32(REUSEKIT_FAULT_WRITE))
    static let sync = Kinds(rawValue: Int32(REUSEKIT_FAULT_SYNC))
    static let lock = Kinds(rawValue: Int32(REUSEKIT_FAULT_LOCK))
    static let all: Kinds = [.write, .sync, .lock]
  }

  /// The VFS's registered name.
  let name: String
  private let handle: OpaquePointer

  /// Registers a new fault VFS with a name no other instance has.
  init() throws {
    name = "fault-\(UUID().uuidString.prefix(18))"
    guard let handle = reusekit_fault_vfs_create(name) else {
      throw CocoaError(.featureUnsupported, userInfo: [NSLocalizedDescriptionKey: "cannot register the fault VFS"])
    }
    self.handle = handle
  }

  deinit { reusekit_fault_vfs_destroy(handle) }

  /// Fails call `n` (from 1) of `kinds` with `error`, and every later one with `persistent`;
  /// resets the counts.
  func arm(_ kinds: Kinds, at n: Int, error: Int32, persistent: Bool = false) {
    reusekit_fault_vfs_arm(handle, kinds.rawValue, Int64(n), error, persistent ? 1 : 0)
  }

  /// Counts `kinds` from now on, failing nothing.
  func count(_ kinds: Kinds) { arm(kinds, at: 0, error: SQLITE_OK) }

  /// Stops failing calls.
  func disarm() { reusekit_fault_vfs_disarm(handle) }

  /// The calls of `kinds` since the last arm.
  func calls(_ kinds: Kinds) -> Int { Int(reusekit_fault_vfs_calls(handle, kinds.rawValue)) }

  /// The calls failed since the last arm.
  var injected: Int { Int(reusekit_fault_vfs_injected(handle)) }
}
