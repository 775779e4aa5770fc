/* Expands the routine table with the macros the includer defined; the others expand to nothing.
 * No include guard: include it once per expansion. It #undefs every table macro afterwards, so
 * the next expansion in the same file starts clean. */
#include "interface/routines_macros.h"

#ifndef FORTRAN_FORWARD
#define FORTRAN_FORWARD(ret, name, types)
#endif
#ifndef FORTRAN_LEVEL3
#define FORTRAN_LEVEL3(p, family)
#endif
#ifndef FORTRAN_SUB
#define FORTRAN_SUB(ret, name, function, types)
#endif
#ifndef FORTRAN_NATIVE
#define FORTRAN_NATIVE(name)
#endif
#ifndef CBLAS_FORWARD
#define CBLAS_FORWARD(ret, name, types)
#endif
#ifndef CBLAS_LEVEL3
#define CBLAS_LEVEL3(p, family)
#endif
#ifndef CBLAS_NATIVE
#define CBLAS_NATIVE(name)
#endif
#ifndef DATA_NATIVE
#define DATA_NATIVE(name)
#endif
#ifndef LAPACK_BLOCKED
#define LAPACK_BLOCKED(p, routine)
#endif

#include "interface/routines.def"

#undef FORTRAN_FORWARD
#undef FORTRAN_LEVEL3
#undef FORTRAN_SUB
#undef FORTRAN_NATIVE
#undef CBLAS_FORWARD
#undef CBLAS_LEVEL3
#undef CBLAS_NATIVE
#undef DATA_NATIVE
#undef LAPACK_BLOCKED
