// SDL2_ttf. No pkgConfig for this module: SDL2_ttf.pc requires sdl2.pc, whose -D_REENTRANT SwiftPM
// refuses and warns about (see CSDL2's shim). The header is named by its path under /usr/include
// (it includes "SDL.h" from its own directory) and the module map links SDL2_ttf.
#include <SDL2/SDL_ttf.h>
