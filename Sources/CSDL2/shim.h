// SDL2. No pkgConfig for this module: sdl2.pc adds -D_REENTRANT, a flag SwiftPM refuses (and warns
// about in every build, a consumer's too). The header is named by its path under /usr/include and
// the module map links SDL2, so no flag from sdl2.pc is needed. _REENTRANT does nothing on glibc: its
// features.h reads it as _POSIX_C_SOURCE=199506L, below the default level (200809L).
#include <SDL2/SDL.h>
