#include "ICUBridge.h"
#include <unicode/ubrk.h>
#include <unicode/utypes.h>

void *reusekit_line_break_open(const char *locale, int32_t *status) {
  UErrorCode code = U_ZERO_ERROR;
  UBreakIterator *iterator = ubrk_open(UBRK_LINE, locale, NULL, 0, &code);
  *status = (int32_t)code;
  return U_FAILURE(code) ? NULL : iterator;
}

void reusekit_line_break_set_text(void *iterator, const uint16_t *text, int32_t length, int32_t *status) {
  UErrorCode code = U_ZERO_ERROR;
  ubrk_setText((UBreakIterator *)iterator, (const UChar *)text, length, &code);
  *status = (int32_t)code;
}

int32_t reusekit_line_break_first(void *iterator) { return ubrk_first((UBreakIterator *)iterator); }

int32_t reusekit_line_break_next(void *iterator) { return ubrk_next((UBreakIterator *)iterator); }

void reusekit_line_break_close(void *iterator) { ubrk_close((UBreakIterator *)iterator); }

const char *reusekit_icu_error_name(int32_t status) { return u_errorName((UErrorCode)status); }
