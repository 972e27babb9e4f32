// The Linux calls the app needs to start a sticker worker that Swift cannot call directly
// (syscall() is variadic in C). No library: these are system calls.
#include <sys/syscall.h>
#include <fcntl.h>
#include <unistd.h>

/// memfd_create(name, MFD_CLOEXEC): anonymous shared memory for frames.
static inline int reusekit_memfd_create(const char *name) { return (int)syscall(SYS_memfd_create, name, 1U); }
/// pipe2(fds, O_CLOEXEC).
static inline int reusekit_pipe_cloexec(int fds[2]) { return (int)syscall(SYS_pipe2, fds, O_CLOEXEC); }
