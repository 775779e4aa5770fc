/* Every routine that is not Level 3 goes straight to the CPU BLAS: one forwarder per table line,
 * expanded from the routine table, plus Netlib CBLAS's subroutine forms of the Level-1
 * functions (which OpenBLAS lacks), computed through our own forwarders. */
#include "cpu.h"
#include "interface/routines_macros.h"

/* Prototypes first: each exported routine is declared once, from the table. */
#define FORTRAN_FORWARD(ret, name, types) BR_EXPORT ret name(BR_PARAMS types);
#define CBLAS_FORWARD(ret, name, types) BR_EXPORT ret name(BR_PARAMS types);
#define FORTRAN_SUB(ret, name, function, types) BR_EXPORT void name(BR_PARAMS types, ret *result);
#include "interface/expand_routines.h"

#define FORWARDER(ret, name, types)                                                        \
    ret name(BR_PARAMS types)                                                              \
    {                                                                                      \
        typedef ret name##_fn(BR_PARAMS types);                                            \
        name##_fn *cpu = (name##_fn *)br_cpu_symbol(CPU_##name);                           \
        BR_RETURN(ret, cpu(BR_ARGS types));                                                \
    }
#define FORTRAN_FORWARD(ret, name, types) FORWARDER(ret, name, types)
#define CBLAS_FORWARD(ret, name, types) FORWARDER(ret, name, types)
#include "interface/expand_routines.h"

#define FORTRAN_SUB(ret, name, function, types)                                            \
    void name(BR_PARAMS types, ret *result)                                                \
    {                                                                                      \
        *result = function(BR_ARGS types);                                                 \
    }
#include "interface/expand_routines.h"
