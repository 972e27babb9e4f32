// libseccomp, and the few Linux calls the sandboxed sticker worker needs that Swift cannot call
// directly (syscall() and prctl() are variadic in C).
#include <seccomp.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <fcntl.h>
#include <unistd.h>

/// memfd_create(name, MFD_CLOEXEC): anonymous shared memory for frames.
static inline int reusekit_memfd_create(const char *name) { return (int)syscall(SYS_memfd_create, name, 1U); }
/// pipe2(fds, O_CLOEXEC | flags).
static inline int reusekit_pipe_cloexec(int fds[2]) { return (int)syscall(SYS_pipe2, fds, O_CLOEXEC); }
/// prctl(PR_SET_NO_NEW_PRIVS, 1): no exec can gain privileges.
static inline int reusekit_set_no_new_privs(void) { return prctl(PR_SET_NO_NEW_PRIVS, 1UL, 0UL, 0UL, 0UL); }
/// prctl(PR_SET_DUMPABLE, 0): no core dump, no ptrace attach by unprivileged processes.
static inline int reusekit_set_not_dumpable(void) { return prctl(PR_SET_DUMPABLE, 0UL, 0UL, 0UL, 0UL); }
