#include <atk/atk.h>
#include <atk-bridge.h>
