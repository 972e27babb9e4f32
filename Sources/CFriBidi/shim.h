#include <fribidi.h>

// The paragraph directions are macros built from masks; Swift reads them through these.
static inline FriBidiParType reusekit_fribidi_par_ltr(void) { return FRIBIDI_PAR_LTR; }
static inline FriBidiParType reusekit_fribidi_par_rtl(void) { return FRIBIDI_PAR_RTL; }
static inline FriBidiParType reusekit_fribidi_par_on(void) { return FRIBIDI_PAR_ON; }
