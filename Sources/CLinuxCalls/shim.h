// The Linux calls the app needs that Swift cannot make directly: syscall() is variadic in C, and
// Swift 6 refuses the C global `stdout`. No library: system calls and the C library.
#include <stdio.h>
#include <sys/syscall.h>
#include <fcntl.h>
#include <unistd.h>

/// memfd_create(name, MFD_CLOEXEC): anonymous shared memory for frames.
static inline int reusekit_memfd_create(const char *name) { return (int)syscall(SYS_memfd_create, name, 1U); }
/// pipe2(fds, O_CLOEXEC).
static inline int reusekit_pipe_cloexec(int fds[2]) { return (int)syscall(SYS_pipe2, fds, O_CLOEXEC); }
/// setvbuf(stdout, NULL, _IOLBF, 0): each printed line reaches a pipe when printed, not at exit.
static inline void reusekit_line_buffer_stdout(void) { setvbuf(stdout, NULL, _IOLBF, 0); }
