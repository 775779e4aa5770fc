/* The calls whose product vanishes (alpha = 0, or k = 0), answered with the reference's exact
 * semantics: C := beta*C on the region the routine owns (C := 0 when beta = 0, without reading
 * C, so NaN there does not survive), B := 0 for TRMM and TRSM; A and B are never read. */
#ifndef BLASROUTE_SCALE_H
#define BLASROUTE_SCALE_H

#include "call.h"

void br_scale_only(const struct br_call *call);

#endif
