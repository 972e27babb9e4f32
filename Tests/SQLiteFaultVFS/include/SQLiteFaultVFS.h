#ifndef REUSEKIT_SQLITE_FAULT_VFS_H
#define REUSEKIT_SQLITE_FAULT_VFS_H
#include <stdint.h>

// A SQLite VFS for tests that wraps the default one and fails chosen calls, as SQLite's own test
// VFSes do: the Nth write, sync or lock (counted together over the kinds asked for, from 1) returns
// the error asked for (SQLITE_FULL, SQLITE_IOERR, SQLITE_BUSY, ...), once or from then on. Each
// instance has its own name and counters, so tests running at once do not share a plan.

/// The kinds of call a plan counts (a bit mask).
enum {
  REUSEKIT_FAULT_WRITE = 1,  // xWrite
  REUSEKIT_FAULT_SYNC = 2,   // xSync
  REUSEKIT_FAULT_LOCK = 4,   // xLock, and xShmLock when it takes a lock
};

typedef struct reusekit_fault_vfs reusekit_fault_vfs;

/// Registers a new fault VFS named `name` (not the default VFS) over the default one; NULL when
/// there is no default VFS, no memory, or SQLite refuses the registration.
reusekit_fault_vfs *reusekit_fault_vfs_create(const char *name);
/// Unregisters and frees the VFS; every connection using it must be closed first.
void reusekit_fault_vfs_destroy(reusekit_fault_vfs *vfs);
/// Fails call number `n` (from 1) of the kinds in `mask` with `error`; with `persistent`, every
/// later call of those kinds too (a disk that stays full). `n` 0 fails nothing. Resets the count.
void reusekit_fault_vfs_arm(reusekit_fault_vfs *vfs, int mask, int64_t n, int error, int persistent);
/// Stops failing calls (the count goes on).
void reusekit_fault_vfs_disarm(reusekit_fault_vfs *vfs);
/// The calls of the kinds in `mask` counted since the last arm (all kinds are always counted).
int64_t reusekit_fault_vfs_calls(reusekit_fault_vfs *vfs, int mask);
/// How many calls have been failed since the last arm.
int64_t reusekit_fault_vfs_injected(reusekit_fault_vfs *vfs);

#endif
