#ifndef REUSEKIT_ICU_BRIDGE_H
#define REUSEKIT_ICU_BRIDGE_H
#include <stdint.h>

// ICU's line break iterator behind plain C types. ICU renames every C function with its version
// (ubrk_open becomes ubrk_open_72) through macros Swift does not import, and Foundation carries its
// own ICU whose UErrorCode differs from the system's: so Swift never sees an ICU header, only these
// functions, compiled against the system's ICU in ICUBridge.c. A status is ICU's UErrorCode as an
// integer: positive is a failure.

/// Opens a UAX #14 line break iterator for `locale`; NULL and a failure status on error.
void *reusekit_line_break_open(const char *locale, int32_t *status);
/// Sets the UTF-16 text the iterator walks (the text must outlive the iteration).
void reusekit_line_break_set_text(void *iterator, const uint16_t *text, int32_t length, int32_t *status);
/// The first boundary (0).
int32_t reusekit_line_break_first(void *iterator);
/// The next boundary, or -1 (UBRK_DONE) after the last.
int32_t reusekit_line_break_next(void *iterator);
/// Closes the iterator.
void reusekit_line_break_close(void *iterator);
/// ICU's name for a status, such as "U_MEMORY_ALLOCATION_ERROR".
const char *reusekit_icu_error_name(int32_t status);

#endif
