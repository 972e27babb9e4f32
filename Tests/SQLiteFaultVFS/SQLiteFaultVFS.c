#include "SQLiteFaultVFS.h"

#include <sqlite3.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

// The wrapper: every method forwards to the default VFS's file, after counting the call and
// failing it when the plan says so.

struct reusekit_fault_vfs {
  sqlite3_vfs base;  // first: SQLite hands this pointer back
  sqlite3_vfs *real;
  char name[64];
  _Atomic int64_t calls[3];  // write, sync, lock
  _Atomic int64_t counted;   // calls of the armed kinds since the last arm
  _Atomic int64_t injected;
  _Atomic int mask;
  _Atomic int64_t failAt;
  _Atomic int error;
  _Atomic int persistent;
};

typedef struct {
  sqlite3_file base;
  reusekit_fault_vfs *vfs;
  sqlite3_file *real;  // the default VFS's file, allocated right after this struct
} fault_file;

static int kind_index(int kind) { return kind == REUSEKIT_FAULT_WRITE ? 0 : kind == REUSEKIT_FAULT_SYNC ? 1 : 2; }

/// Counts a call of `kind`; returns the error to fail it with, or SQLITE_OK.
static int fault_check(reusekit_fault_vfs *vfs, int kind) {
  atomic_fetch_add(&vfs->calls[kind_index(kind)], 1);
  if (!(atomic_load(&vfs->mask) & kind)) return SQLITE_OK;
  int64_t n = atomic_fetch_add(&vfs->counted, 1) + 1;
  int64_t at = atomic_load(&vfs->failAt);
  if (at <= 0) return SQLITE_OK;
  if (n == at || (n > at && atomic_load(&vfs->persistent))) {
    atomic_fetch_add(&vfs->injected, 1);
    return atomic_load(&vfs->error);
  }
  return SQLITE_OK;
}

static sqlite3_file *real_file(sqlite3_file *file) { return ((fault_file *)file)->real; }

static int f_close(sqlite3_file *file) {
  sqlite3_file *real = real_file(file);
  return real->pMethods ? real->pMethods->xClose(real) : SQLITE_OK;
}
static int f_read(sqlite3_file *file, void *buffer, int amount, sqlite3_int64 offset) {
  sqlite3_file *real = real_file(file);
  return real->pMethods->xRead(real, buffer, amount, offset);
}
static int f_write(sqlite3_file *file, const void *buffer, int amount, sqlite3_int64 offset) {
  int fault = fault_check(((fault_file *)file)->vfs, REUSEKIT_FAULT_WRITE);
  if (fault != SQLITE_OK) return fault;
  sqlite3_file *real = real_file(file);
  return real->pMethods->xWrite(real, buffer, amount, offset);
}
static int f_truncate(sqlite3_file *file, sqlite3_int64 size) {
  sqlite3_file *real = real_file(file);
  return real->pMethods->xTruncate(real, size);
}
static int f_sync(sqlite3_file *file, int flags) {
  int fault = fault_check(((fault_file *)file)->vfs, REUSEKIT_FAULT_SYNC);
  if (fault != SQLITE_OK) return fault;
  sqlite3_file *real = real_file(file);
  return real->pMethods->xSync(real, flags);
}
static int f_file_size(sqlite3_file *file, sqlite3_int64 *size) {
  sqlite3_file *real = real_file(file);
  return real->pMethods->xFileSize(real, size);
}
static int f_lock(sqlite3_file *file, int level) {
  int fault = fault_check(((fault_file *)file)->vfs, REUSEKIT_FAULT_LOCK);
  if (fault != SQLITE_OK) return fault;
  sqlite3_file *real = real_file(file);
  return real->pMethods->xLock(real, level);
}
static int f_unlock(sqlite3_file *file, int level) {
  sqlite3_file *real = real_file(file);
  return real->pMethods->xUnlock(real, level);
}
static int f_check_reserved_lock(sqlite3_file *file, int *out) {
  sqlite3_file *real = real_file(file);
  return real->pMethods->xCheckReservedLock(real, out);
}
static int f_file_control(sqlite3_file *file, int op, void *argument) {
  sqlite3_file *real = real_file(file);
  return real->pMethods->xFileControl(real, op, argument);
}
static int f_sector_size(sqlite3_file *file) {
  sqlite3_file *real = real_file(file);
  return real->pMethods->xSectorSize(real);
}
static int f_device_characteristics(sqlite3_file *file) {
  sqlite3_file *real = real_file(file);
  return real->pMethods->xDeviceCharacteristics(real);
}
static int f_shm_map(sqlite3_file *file, int page, int size, int extend, void volatile **out) {
  sqlite3_file *real = real_file(file);
  return real->pMethods->xShmMap(real, page, size, extend, out);
}
static int f_shm_lock(sqlite3_file *file, int offset, int count, int flags) {
  if (flags & SQLITE_SHM_LOCK) {
    int fault = fault_check(((fault_file *)file)->vfs, REUSEKIT_FAULT_LOCK);
    if (fault != SQLITE_OK) return fault;
  }
  sqlite3_file *real = real_file(file);
  return real->pMethods->xShmLock(real, offset, count, flags);
}
static void f_shm_barrier(sqlite3_file *file) {
  sqlite3_file *real = real_file(file);
  real->pMethods->xShmBarrier(real);
}
static int f_shm_unmap(sqlite3_file *file, int deleteFlag) {
  sqlite3_file *real = real_file(file);
  return real->pMethods->xShmUnmap(real, deleteFlag);
}
static int f_fetch(sqlite3_file *file, sqlite3_int64 offset, int amount, void **out) {
  sqlite3_file *real = real_file(file);
  return real->pMethods->xFetch(real, offset, amount, out);
}
static int f_unfetch(sqlite3_file *file, sqlite3_int64 offset, void *pointer) {
  sqlite3_file *real = real_file(file);
  return real->pMethods->xUnfetch(real, offset, pointer);
}

static const sqlite3_io_methods fault_methods = {
  3, f_close, f_read, f_write, f_truncate, f_sync, f_file_size, f_lock, f_unlock, f_check_reserved_lock,
  f_file_control, f_sector_size, f_device_characteristics, f_shm_map, f_shm_lock, f_shm_barrier, f_shm_unmap,
  f_fetch, f_unfetch,
};

static int v_open(sqlite3_vfs *base, sqlite3_filename name, sqlite3_file *file, int flags, int *outFlags) {
  reusekit_fault_vfs *vfs = (reusekit_fault_vfs *)base;
  fault_file *wrapper = (fault_file *)file;
  wrapper->vfs = vfs;
  wrapper->real = (sqlite3_file *)&wrapper[1];
  memset(wrapper->real, 0, (size_t)vfs->real->szOsFile);
  int code = vfs->real->xOpen(vfs->real, name, wrapper->real, flags, outFlags);
  // SQLite calls xClose only when pMethods is set: set it whenever the real file needs closing.
  wrapper->base.pMethods = wrapper->real->pMethods ? &fault_methods : NULL;
  return code;
}
static int v_delete(sqlite3_vfs *base, const char *name, int sync) {
  sqlite3_vfs *real = ((reusekit_fault_vfs *)base)->real;
  return real->xDelete(real, name, sync);
}
static int v_access(sqlite3_vfs *base, const char *name, int flags, int *out) {
  sqlite3_vfs *real = ((reusekit_fault_vfs *)base)->real;
  return real->xAccess(real, name, flags, out);
}
static int v_full_pathname(sqlite3_vfs *base, const char *name, int size, char *out) {
  sqlite3_vfs *real = ((reusekit_fault_vfs *)base)->real;
  return real->xFullPathname(real, name, size, out);
}
static void *v_dl_open(sqlite3_vfs *base, const char *name) {
  sqlite3_vfs *real = ((reusekit_fault_vfs *)base)->real;
  return real->xDlOpen(real, name);
}
static void v_dl_error(sqlite3_vfs *base, int size, char *out) {
  sqlite3_vfs *real = ((reusekit_fault_vfs *)base)->real;
  real->xDlError(real, size, out);
}
static void (*v_dl_sym(sqlite3_vfs *base, void *handle, const char *symbol))(void) {
  sqlite3_vfs *real = ((reusekit_fault_vfs *)base)->real;
  return real->xDlSym(real, handle, symbol);
}
static void v_dl_close(sqlite3_vfs *base, void *handle) {
  sqlite3_vfs *real = ((reusekit_fault_vfs *)base)->real;
  real->xDlClose(real, handle);
}
static int v_randomness(sqlite3_vfs *base, int size, char *out) {
  sqlite3_vfs *real = ((reusekit_fault_vfs *)base)->real;
  return real->xRandomness(real, size, out);
}
static int v_sleep(sqlite3_vfs *base, int microseconds) {
  sqlite3_vfs *real = ((reusekit_fault_vfs *)base)->real;
  return real->xSleep(real, microseconds);
}
static int v_current_time(sqlite3_vfs *base, double *out) {
  sqlite3_vfs *real = ((reusekit_fault_vfs *)base)->real;
  return real->xCurrentTime(real, out);
}
static int v_get_last_error(sqlite3_vfs *base, int size, char *out) {
  sqlite3_vfs *real = ((reusekit_fault_vfs *)base)->real;
  return real->xGetLastError ? real->xGetLastError(real, size, out) : 0;
}
static int v_current_time_int64(sqlite3_vfs *base, sqlite3_int64 *out) {
  sqlite3_vfs *real = ((reusekit_fault_vfs *)base)->real;
  return real->xCurrentTimeInt64(real, out);
}

reusekit_fault_vfs *reusekit_fault_vfs_create(const char *name) {
  sqlite3_vfs *real = sqlite3_vfs_find(NULL);
  if (!real || real->iVersion < 2 || strlen(name) >= 64) return NULL;
  reusekit_fault_vfs *vfs = calloc(1, sizeof *vfs);
  if (!vfs) return NULL;
  strcpy(vfs->name, name);
  vfs->real = real;
  vfs->base.iVersion = 2;
  vfs->base.szOsFile = (int)sizeof(fault_file) + real->szOsFile;
  vfs->base.mxPathname = real->mxPathname;
  vfs->base.zName = vfs->name;
  vfs->base.pAppData = vfs;
  vfs->base.xOpen = v_open;
  vfs->base.xDelete = v_delete;
  vfs->base.xAccess = v_access;
  vfs->base.xFullPathname = v_full_pathname;
  vfs->base.xDlOpen = v_dl_open;
  vfs->base.xDlError = v_dl_error;
  vfs->base.xDlSym = v_dl_sym;
  vfs->base.xDlClose = v_dl_close;
  vfs->base.xRandomness = v_randomness;
  vfs->base.xSleep = v_sleep;
  vfs->base.xCurrentTime = v_current_time;
  vfs->base.xGetLastError = v_get_last_error;
  vfs->base.xCurrentTimeInt64 = v_current_time_int64;
  if (sqlite3_vfs_register(&vfs->base, 0) != SQLITE_OK) {
    free(vfs);
    return NULL;
  }
  return vfs;
}

void reusekit_fault_vfs_destroy(reusekit_fault_vfs *vfs) {
  if (!vfs) return;
  sqlite3_vfs_unregister(&vfs->base);
  free(vfs);
}

void reusekit_fault_vfs_arm(reusekit_fault_vfs *vfs, int mask, int64_t n, int error, int persistent) {
  atomic_store(&vfs->failAt, 0);
  atomic_store(&vfs->counted, 0);
  atomic_store(&vfs->injected, 0);
  for (int i = 0; i < 3; i++) atomic_store(&vfs->calls[i], 0);
  atomic_store(&vfs->mask, mask);
  atomic_store(&vfs->error, error);
  atomic_store(&vfs->persistent, persistent);
  atomic_store(&vfs->failAt, n);
}

void reusekit_fault_vfs_disarm(reusekit_fault_vfs *vfs) { atomic_store(&vfs->failAt, 0); }

int64_t reusekit_fault_vfs_calls(reusekit_fault_vfs *vfs, int mask) {
  int64_t total = 0;
  if (mask & REUSEKIT_FAULT_WRITE) total += atomic_load(&vfs->calls[0]);
  if (mask & REUSEKIT_FAULT_SYNC) total += atomic_load(&vfs->calls[1]);
  if (mask & REUSEKIT_FAULT_LOCK) total += atomic_load(&vfs->calls[2]);
  return total;
}

int64_t reusekit_fault_vfs_injected(reusekit_fault_vfs *vfs) { return atomic_load(&vfs->injected); }
