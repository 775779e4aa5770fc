#include "kernel_params.h"

#include <stddef.h>

/* Whole-number parameters: at least 1, or 0 too for switches and "the driver's choice". */
#define INT_KEY(name, field) {name, offsetof(struct br_kernel_params, field), 0, 1}
#define SWITCH_KEY(name, field) {name, offsetof(struct br_kernel_params, field), 0, 0}

const struct br_kernel_param_key br_kernel_param_keys[BR_KERNEL_PARAM_COUNT] = {
    [BR_KP_MWG] = INT_KEY("mwg", gemm.mwg),
    [BR_KP_NWG] = INT_KEY("nwg", gemm.nwg),
    [BR_KP_KWG] = INT_KEY("kwg", gemm.kwg),
    [BR_KP_MDIMC] = INT_KEY("mdimc", gemm.mdimc),
    [BR_KP_NDIMC] = INT_KEY("ndimc", gemm.ndimc),
    [BR_KP_VWM] = INT_KEY("vwm", gemm.vwm),
    [BR_KP_VWN] = INT_KEY("vwn", gemm.vwn),
    [BR_KP_SA] = SWITCH_KEY("sa", gemm.sa),
    [BR_KP_SB] = SWITCH_KEY("sb", gemm.sb),
    [BR_KP_KWI] = INT_KEY("kwi", gemm.kwi),
    [BR_KP_COPY_DIM_X] = INT_KEY("copy_dim_x", copy.dim_x),
    [BR_KP_COPY_DIM_Y] = INT_KEY("copy_dim_y", copy.dim_y),
    [BR_KP_COPY_WPT] = INT_KEY("copy_wpt", copy.wpt),
    [BR_KP_TRANSPOSE_DIM] = INT_KEY("transpose_dim", copy.transpose_dim),
    [BR_KP_TRANSPOSE_WPT] = INT_KEY("transpose_wpt", copy.transpose_wpt),
    [BR_KP_DIRECT_DIM] = INT_KEY("direct_dim", direct.dim),
    [BR_KP_DIRECT_MAX_VOLUME] = {"direct_max_volume",
                                 offsetof(struct br_kernel_params, direct_max_volume), 1, 1},
    [BR_KP_DIRECT_BELOW_SIDE] = INT_KEY("direct_below_side", direct_below_side),
    [BR_KP_TRSM_BLOCK_FACTOR] = INT_KEY("trsm_block_factor", trsm_block_factor),
    [BR_KP_DB] = SWITCH_KEY("db", gemm.db),
    [BR_KP_MAX_REGISTERS] = SWITCH_KEY("max_registers", max_registers),
    [BR_KP_MMA] = SWITCH_KEY("mma", gemm.mma),
    [BR_KP_WARP_M] = SWITCH_KEY("warp_m", gemm.warp_m),
    [BR_KP_STAGES] = SWITCH_KEY("stages", gemm.stages),
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
