/* Valgrind memcheck client requests for wegman's constant-time validation (the `ctgrind`
 * feature of wegman-arch). Each request is a no-op when the program is not run under
 * valgrind. The macros come from Debian valgrind's <valgrind/memcheck.h> (BSD-style licence,
 * that file only). */
#include <stddef.h>
#include <valgrind/memcheck.h>

void wegman_ct_make_undefined(const void *p, size_t n) {
    (void)VALGRIND_MAKE_MEM_UNDEFINED(p, n);
}

void wegman_ct_make_defined(const void *p, size_t n) {
    (void)VALGRIND_MAKE_MEM_DEFINED(p, n);
}

unsigned wegman_ct_running_on_valgrind(void) {
    return (unsigned)RUNNING_ON_VALGRIND;
}
