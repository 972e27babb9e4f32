// ATK and its AT-SPI2 bridge. The module's pkgConfig is atk.pc, which gives GLib's include paths
// (glibconfig.h is under /usr/lib/<triple>), not atk-bridge-2.0.pc: that one pulls in gmodule-2.0's
// -pthread, a flag SwiftPM refuses and warns about in every build, a consumer's too. atk-bridge.h
// needs only <glib.h>, so it is named by its path under /usr/include, and the module map links
// atk-bridge-2.0. -pthread would only add libpthread, which glibc 2.34 and later hold in libc.
#include <atk/atk.h>
#include <at-spi2-atk/2.0/atk-bridge.h>
