#include "kernel_params.h"

#include <stddef.h>

/* Whole-number parameters: at least 1, or 0 too for switches and "the driver's choice". */
#define INT_KEY(name, field) {name, offsetof(struct br_kernel_params, field), 0, 1}
#define SWITCH_KEY(name, field) {name, offsetof(struct br_kernel_params, field), 0, 0}

const struct br_kernel_param_key br_kernel_param_keys[BR_KERNEL_PARAM_COUNT] = {
    INT_KEY("mwg", gemm.mwg),
    INT_KEY("nwg", gemm.nwg),
    INT_KEY("kwg", gemm.kwg),
    INT_KEY("mdimc", gemm.mdimc),
    INT_KEY("ndimc", gemm.ndimc),
    INT_KEY("vwm", gemm.vwm),
    INT_KEY("vwn", gemm.vwn),
    SWITCH_KEY("sa", gemm.sa),
    SWITCH_KEY("sb", gemm.sb),
    INT_KEY("kwi", gemm.kwi),
    INT_KEY("copy_dim_x", copy.dim_x),
    INT_KEY("copy_dim_y", copy.dim_y),
    INT_KEY("copy_wpt", copy.wpt),
    INT_KEY("transpose_dim", copy.transpose_dim),
    INT_KEY("transpose_wpt", copy.transpose_wpt),
    INT_KEY("direct_dim", direct.dim),
    {"direct_max_volume", offsetof(struct br_kernel_params, direct_max_volume), 1, 1},
    INT_KEY("direct_below_side", direct_below_side),
    INT_KEY("trsm_block_factor", trsm_block_factor),
    SWITCH_KEY("db", gemm.db),
    SWITCH_KEY("max_registers", max_registers),
    SWITCH_KEY("mma", gemm.mma),
};

double br_kernel_param_get(const struct br_kernel_params *params, int key)
{
    const char *field = (const char *)params + br_kernel_param_keys[key].offset;
    return br_kernel_param_keys[key].is_double ? *(const double *)(const void *)field
                                               : *(const int *)(const void *)field;
}

void br_kernel_param_set(struct br_kernel_params *params, int key, double value)
{
    char *field = (char *)params + br_kernel_param_keys[key].offset;
    if (br_kernel_param_keys[key].is_double)
        *(double *)(void *)field = value;
    else
        *(int *)(void *)field = (int)value;
}
