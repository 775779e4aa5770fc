/* blasroute's own public interface. The BLAS and CBLAS routines themselves are declared by the
 * usual headers (cblas.h, or the Fortran interface): link with -lblasroute instead of -lblas. */
#ifndef BLASROUTE_H
#define BLASROUTE_H

#ifdef __cplusplus
extern "C" {
#endif

/* "blasroute <version>"; its presence also tells a loader that a library is blasroute. */
extern const char blasroute_identity[];

#ifdef __cplusplus
}
#endif

#endif
