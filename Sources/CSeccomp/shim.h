// libseccomp, and the prctl() calls the sandboxed sticker worker makes that Swift cannot call
// directly (prctl() is variadic in C).
#include <seccomp.h>
#include <sys/prctl.h>

/// prctl(PR_SET_NO_NEW_PRIVS, 1): no exec can gain privileges.
static inline int reusekit_set_no_new_privs(void) { return prctl(PR_SET_NO_NEW_PRIVS, 1UL, 0UL, 0UL, 0UL); }
/// prctl(PR_SET_DUMPABLE, 0): no core dump, no ptrace attach by unprivileged processes.
static inline int reusekit_set_not_dumpable(void) { return prctl(PR_SET_DUMPABLE, 0UL, 0UL, 0UL, 0UL); }
