// SDL2_image. No pkgConfig for this module: SDL2_image.pc requires sdl2.pc, whose -D_REENTRANT
// SwiftPM refuses and warns about (see CSDL2's shim). The header is named by its path under
// /usr/include (it includes "SDL.h" from its own directory) and the module map links SDL2_image.
#include <SDL2/SDL_image.h>
