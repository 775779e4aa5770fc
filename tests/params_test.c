/* The kernels' parameter checks and built-in parameters (src/engine/params.c), without a GPU:
 * devices described as OpenCL would (an NVIDIA GPU of each compute capability, other GPUs, a
 * CPU). The tensor-core GEMM (gemm_mma.cl) is the built-in choice for double precision on
 * NVIDIA GPUs of compute capability 8.0 or later (Hopper's m16n8k4 from 9.0, m8n8k4 before),
 * and for complex double from 9.0, where its constraints hold, and nowhere else; its checks
 * refuse what the kernel cannot run; a profile's tile without `mma` keeps the SIMT kernel; the
 * shipped profiles tuned on Hopper GPUs give parameters such a GPU accepts; a long K over few
 * tiles of C is cut in slices on a GPU (engine/launch.h); a warp's block of the SIMT kernel's
 * work-items (warp_m) tiles their grid in whole warps; the last wave's width comes from the
 * registers ptxas reports, by CUDA's occupancy rules. */
#include <stdio.h>
#include <string.h>

#include "embedded.h"
#include "engine/launch.h"
#include "engine/params.h"
#include "engine/program.h"
#include "policy/keyfile.h"
#include "policy/profile.h"
#include "unit_tap.h"

static struct br_device gpu(int compute_capability, cl_ulong local_memory)
{
    struct br_device d;
    memset(&d, 0, sizeof d);
    d.type = CL_DEVICE_TYPE_GPU;
    d.local_memory = local_memory;
    d.max_work_group = 1024;
    d.double_precision = 1;
    d.nv_compiler_options = compute_capability > 0;
    d.nv_compute_capability = compute_capability;
    snprintf(d.name, sizeof d.name, "test GPU %d", compute_capability);
    return d;
}

/* Whether parameters with cp.async stages are judged as wanted (1 valid, 0 refused) on `device`
 * for `precision`, and, where valid, reach the compiler with their -DSTAGES (the options in
 * `options`); *valid: the judgement. */
static int stages_judged(const struct br_device *device, enum br_precision precision,
                         const struct br_kernel_params *p, int want, int *valid,
                         char options[512])
{
    char wanted[32];
    *valid = br_params_valid(device, precision, p);
    snprintf(wanted, sizeof wanted, "-DSTAGES=%d", p->gemm.stages);
    return *valid == want &&
           (!*valid || (br_params_build_options(precision, p, options, 512) == 0 &&
                        strstr(options, wanted)));
}

int main(void)
{
    printf("1..14\n");
    /* Built-in: the tensor-core kernel for d from compute capability 8.0 on (m16n8k4 from 9.0)
     * and for z from 9.0, valid; SIMT for every other precision and device, valid too. */
    static const int capabilities[] = {0, 70, 75, 80, 86, 89, 90, 100};
    for (size_t i = 0; i < sizeof capabilities / sizeof capabilities[0]; i++) {
        struct br_device d = gpu(capabilities[i], 48 * 1024);
        for (int p = BR_S; p < BR_PRECISION_COUNT; p++) {
            struct br_kernel_params k;
            br_params_default(&d, (enum br_precision)p, &k);
            int cc = capabilities[i];
            int want = p == BR_D ? (cc >= 90 ? 2 : cc >= 80) : p == BR_Z && cc >= 90 ? 2 : 0;
            if (k.gemm.mma != want || !br_params_valid(&d, (enum br_precision)p, &k))
                fail("compute capability %d, %c: mma %d (want %d), valid %d", capabilities[i],
                     br_precision_letter((enum br_precision)p), k.gemm.mma, want,
                     br_params_valid(&d, (enum br_precision)p, &k));
        }
        /* Single precision from 9.0 on: the Hopper profiles' tuned SIMT tile. */
        int cc = capabilities[i], hopper = cc >= 90;
        struct br_kernel_params k, simt;
        br_params_default(&d, BR_S, &k);
        br_params_default_simt(&d, BR_S, &simt);
        if (hopper ? k.gemm.kwg != 8 || k.gemm.kwi != 8 || k.gemm.db != 1 ||
                         k.gemm.warp_m != 16 || k.gemm.mwg != 128 || k.gemm.nwg != 128
                   : memcmp(&k.gemm, &simt.gemm, sizeof k.gemm) != 0)
            fail("compute capability %d, s: kwg %d kwi %d db %d warp_m %d (want %s)", cc,
                 k.gemm.kwg, k.gemm.kwi, k.gemm.db, k.gemm.warp_m,
                 hopper ? "8 8 1 16" : "the SIMT defaults");
    }
    ok("built-in parameters: the tensor-core GEMM for d on NVIDIA 8.0 and later (m16n8k4 "
       "from 9.0), for z from 9.0, SIMT elsewhere (for s from 9.0 the Hopper profiles' tile: "
       "K 8, unrolled by 8, double-buffered, warp_m 16), all valid");

    /* Where its tiles do not fit the local memory, or on a CPU device, the SIMT kernel; the
     * SIMT defaults alone never take the tensor cores. */
    struct br_device small = gpu(90, 16 * 1024), cpu = gpu(90, 48 * 1024);
    cpu.type = CL_DEVICE_TYPE_CPU;
    struct br_kernel_params k;
    for (int p = BR_D; p <= BR_Z; p += BR_Z - BR_D) {
        br_params_default(&small, (enum br_precision)p, &k);
        if (k.gemm.mma || !br_params_valid(&small, (enum br_precision)p, &k))
            fail("16 KiB of local memory, %c: mma %d, valid %d", br_precision_letter(p),
                 k.gemm.mma, br_params_valid(&small, (enum br_precision)p, &k));
    }
    /* 20 KiB: Hopper's double-buffered tiles (24 KiB) do not fit, m8n8k4's (18) do. */
    struct br_device middling = gpu(90, 20 * 1024);
    br_params_default(&middling, BR_D, &k);
    if (k.gemm.mma != 1 || !br_params_valid(&middling, BR_D, &k))
        fail("20 KiB of local memory on 9.0: mma %d (want 1)", k.gemm.mma);
    br_params_default(&cpu, BR_D, &k);
    if (k.gemm.mma)
        fail("a CPU device took the tensor-core kernel");
    struct br_device h200 = gpu(90, 48 * 1024);
    br_params_default_simt(&h200, BR_D, &k);
    if (k.gemm.mma || !br_params_valid(&h200, BR_D, &k))
        fail("the SIMT defaults on 9.0: mma %d", k.gemm.mma);
    ok("no tensor cores where the tiles do not fit, on a CPU device, or from the SIMT defaults");

    /* Its checks: what gemm_mma.cl cannot run is refused (from the m8n8k4 built-in of an
     * Ampere GPU: 64 x 64 x 16 tiles, vectors of 2). */
    struct br_kernel_params base;
    struct br_device ampere = gpu(80, 48 * 1024);
    br_params_default(&ampere, BR_D, &base);
    struct {
        const char *what;
        enum br_precision precision;
        int capability;
        void (*change)(struct br_kernel_params *);
    } refused[] = {
        {"single precision", BR_S, 90, NULL},
        {"complex double read two elements at a time", BR_Z, 90, NULL},
        {"compute capability 7.5", BR_D, 75, NULL},
        {"a device with no capability (not NVIDIA)", BR_D, 0, NULL},
    };
    for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++) {
        struct br_device d = gpu(refused[i].capability, 48 * 1024);
        if (br_params_valid(&d, refused[i].precision, &base))
            fail("the tensor-core parameters accepted for %s", refused[i].what);
    }
    /* Complex double: one element at a time, its real and imaginary planes in local memory
     * (twice the real kernel's): 64 x 64 tiles of K 16 need 34 KiB. */
    struct br_kernel_params z = base;
    z.gemm.vwm = z.gemm.vwn = 1;
    struct br_device roomy = gpu(90, 48 * 1024), tight = gpu(90, 24 * 1024);
    if (!br_params_valid(&roomy, BR_Z, &z))
        fail("complex double with vectors of 1 refused with 48 KiB of local memory");
    if (br_params_valid(&tight, BR_Z, &z) || !br_params_valid(&tight, BR_D, &z))
        fail("24 KiB of local memory: z valid %d (want 0), d valid %d (want 1)",
             br_params_valid(&tight, BR_Z, &z), br_params_valid(&tight, BR_D, &z));
    if (br_params_valid(&roomy, BR_C, &z))
        fail("the tensor-core kernel accepted for complex single");
    /* Double-buffered: two sets of tiles (34 KiB in d, 68 in z at 64 x 64 x 16). */
    struct br_kernel_params d_db = base, z_db = z;
    d_db.gemm.db = z_db.gemm.db = 1;
    if (!br_params_valid(&roomy, BR_D, &d_db) || br_params_valid(&tight, BR_D, &d_db) ||
        br_params_valid(&roomy, BR_Z, &z_db))
        fail("double-buffered: d valid %d on 48 KiB (want 1), %d on 24 (want 0); z valid %d "
             "on 48 (want 0)", br_params_valid(&roomy, BR_D, &d_db),
             br_params_valid(&tight, BR_D, &d_db), br_params_valid(&roomy, BR_Z, &z_db));
    ok("the tensor-core kernel refused for s, c, compute capability 7.5 and other vendors; z "
       "only one element at a time; each only where its planes and sets of tiles fit");

    /* Each of these runs on the SIMT kernel (valid with mma = 0): what refuses it is the
     * tensor-core kernel's own constraint. */
    static const struct {
        const char *what;
        int mwg, nwg, kwg, mdimc, ndimc, db, sa;
    } shapes[] = {
        {"tile M not a multiple of 32", 48, 64, 16, 8, 16, 0, 1},
        {"a work-group not of whole warps", 32, 8, 16, 4, 4, 0, 1},
        {"warps not split evenly over M's 32-row strips", 64, 8, 16, 8, 4, 0, 1},
        {"warps over N not in steps of 8 columns dividing its tile", 32, 16, 16, 16, 8, 0, 1},
        {"A not in local memory", 64, 64, 16, 8, 16, 0, 0},
    };
    for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++) {
        struct br_kernel_params bad = base;
        bad.gemm.mwg = shapes[i].mwg;
        bad.gemm.nwg = shapes[i].nwg;
        bad.gemm.kwg = shapes[i].kwg;
        bad.gemm.mdimc = shapes[i].mdimc;
        bad.gemm.ndimc = shapes[i].ndimc;
        bad.gemm.db = shapes[i].db;
        bad.gemm.sa = shapes[i].sa;
        if (br_params_valid(&h200, BR_D, &bad))
            fail("accepted: %s", shapes[i].what);
        bad.gemm.mma = 0;
        if (!br_params_valid(&h200, BR_D, &bad))
            fail("the SIMT kernel refuses it too (not a tensor-core check): %s", shapes[i].what);
    }
    ok("tensor-core tiles it cannot run refused, each one the SIMT kernel runs");

    /* mma 2 and 3, Hopper's m16n8k4 and m16n8k8: the same tiles, from compute capability 9.0
     * only, m16n8k8 with K steps of 8; any other value refused. */
    struct br_kernel_params hopper = base;
    static const int hopper_capabilities[] = {80, 86, 89, 90, 100};
    for (hopper.gemm.mma = 2; hopper.gemm.mma <= 3; hopper.gemm.mma++)
        for (size_t i = 0; i < sizeof hopper_capabilities / sizeof *hopper_capabilities; i++) {
            struct br_device d = gpu(hopper_capabilities[i], 228 * 1024);
            int want = hopper_capabilities[i] >= 90;
            if (br_params_valid(&d, BR_D, &hopper) != want)
                fail("mma %d on compute capability %d: valid %d (want %d)", hopper.gemm.mma,
                     hopper_capabilities[i], !want, want);
            if (br_params_valid(&d, BR_S, &hopper))
                fail("mma %d accepted for single precision on %d", hopper.gemm.mma,
                     hopper_capabilities[i]);
        }
    hopper.gemm.mma = 3;
    hopper.gemm.kwg = 4;
    hopper.gemm.kwi = 4;
    struct br_kernel_params k4 = hopper;
    k4.gemm.mma = 2;
    if (br_params_valid(&h200, BR_D, &hopper) || !br_params_valid(&h200, BR_D, &k4))
        fail("K steps of 4: mma 3 valid %d (want 0), mma 2 valid %d (want 1)",
             br_params_valid(&h200, BR_D, &hopper), br_params_valid(&h200, BR_D, &k4));
    hopper.gemm.kwg = 16;
    hopper.gemm.mma = 4;
    if (br_params_valid(&h200, BR_D, &hopper))
        fail("mma 4 accepted");
    ok("mma 2 and 3 (m16n8k4, m16n8k8) valid in double from compute capability 9.0 only, "
       "m16n8k8 with K steps of 8, mma 4 refused");

    /* A profile's tile tuned before `mma` and `db` existed (the H200's [params.z]) keeps the
     * SIMT kernel it was tuned with on a device whose built-in is the tensor cores; one that
     * names them gets them. */
    static const char text[] = "[device]\nname = test\n[rates]\n"
                               "dgemm = 1 2 3 4 5 6 7 8 9\n"
                               "[params.z]\nmwg = 64\nnwg = 64\nkwg = 16\nmdimc = 8\n"
                               "ndimc = 16\nvwm = 1\nvwn = 1\n"
                               "[params.d]\nmwg = 64\nnwg = 64\nkwg = 16\nmdimc = 8\n"
                               "ndimc = 16\nvwm = 2\nvwn = 2\nkwi = 8\nmma = 2\ndb = 1\n"
                               "[params.s]\nmwg = 64\nnwg = 64\nkwg = 16\nmdimc = 8\n"
                               "ndimc = 8\nvwm = 4\nvwn = 4\n";
    struct br_keyfile file;
    struct br_device_profile profile;
    int parsed = br_keyfile_parse("test.profile", text, &file) == 0 &&
                 br_device_profile_from_keys(&file, &profile) == 0;
    struct br_kernel_params zk, dk, sk;
    br_params_default(&h200, BR_Z, &zk);
    br_params_default(&h200, BR_D, &dk);
    br_params_default(&h200, BR_S, &sk);
    int built_in_z = zk.gemm.mma, built_in_s_warp = sk.gemm.warp_m;
    if (!parsed || !br_profile_apply_params(&profile, BR_Z, &zk) ||
        !br_profile_apply_params(&profile, BR_D, &dk) ||
        !br_profile_apply_params(&profile, BR_S, &sk))
        fail("the test profile was not read or applied");
    else if (built_in_s_warp != 16 || sk.gemm.warp_m != 0 || sk.gemm.db != 0 ||
             !br_params_valid(&h200, BR_S, &sk))
        fail("s: built-in warp_m %d, with the profile's 8 x 8 work-items warp_m %d db %d (want "
             "16, 0, 0), valid %d", built_in_s_warp, sk.gemm.warp_m, sk.gemm.db,
             br_params_valid(&h200, BR_S, &sk));
    else if (built_in_z != 2 || zk.gemm.mma != 0 || zk.gemm.db != 0 || zk.gemm.mwg != 64 ||
             dk.gemm.mma != 2 || dk.gemm.db != 1 || dk.gemm.nwg != 64)
        fail("z: built-in mma %d, with the profile mma %d db %d mwg %d (want 2, 0, 0, 64); d: "
             "mma %d db %d nwg %d (want 2, 1, 64)", built_in_z, zk.gemm.mma, zk.gemm.db,
             zk.gemm.mwg, dk.gemm.mma, dk.gemm.db, dk.gemm.nwg);
    if (parsed)
        br_keyfile_free(&file);
    ok("a profile's tile without mma and db keeps the SIMT kernel over the tensor-core "
       "built-in, one without db and warp_m the single-buffered grid order over Hopper's "
       "single-precision built-in; with them, what it names");

    /* The local tiles' row padding (gemm_mma.cl's MMA_PAD): a half-warp's fragment load reads
     * 4 doubles from each of 4 consecutive K rows, and its 16 lanes are served at once only if
     * those 4 runs of 8 four-byte banks (of 32) do not overlap, for every tile width the
     * kernel accepts (multiples of 32). A pad of 8 put rows 0 and 2 in the same banks. */
    for (int width = 32; width <= 256; width += 32) {
        unsigned used = 0, clash = 0;
        for (int row = 0; row < 4; row++)
            for (int word = 0; word < 8; word++) {
                unsigned bank = 1u << ((row * (width + BR_MMA_PAD) * 2 + word) % 32);
                clash |= used & bank;
                used |= bank;
            }
        if (clash)
            fail("tiles %d wide padded by %d: a half-warp's fragment load meets bank conflicts",
                 width, (int)BR_MMA_PAD);
    }
    ok("the tensor-core kernel's local rows are padded so that a half-warp's fragment load "
       "meets no bank conflict");

    /* The shipped profiles tuned on NVIDIA GPUs of compute capability 9.0 (H200, H100), read
     * from the library's own copies: every precision's parameters valid on such a device as
     * OpenCL describes it there (48 KiB of local memory, work-groups of 1024), double and
     * complex double on Hopper's m16n8k4. A profile whose parameters the device refused would
     * cost its users the tuned kernels without a word (the built-ins would run instead). */
    static const char *const hopper_profiles[] = {"nvidia-h200.profile", "nvidia-h100.profile"};
    struct br_device hopper_device = gpu(90, 48 * 1024);
    for (size_t i = 0; i < sizeof hopper_profiles / sizeof *hopper_profiles; i++) {
        const struct br_embedded_file *shipped = NULL;
        for (int f = 0; f < br_profile_files_count; f++)
            if (strcmp(br_profile_files[f].name, hopper_profiles[i]) == 0)
                shipped = &br_profile_files[f];
        struct br_keyfile keys;
        struct br_device_profile tuned;
        if (!shipped || br_keyfile_parse(shipped->name, shipped->text, &keys) != 0) {
            fail("%s: not built in, or not read", hopper_profiles[i]);
            continue;
        }
        if (br_device_profile_from_keys(&keys, &tuned) != 0)
            fail("%s: not a profile", hopper_profiles[i]);
        for (int p = BR_S; p < BR_PRECISION_COUNT; p++) {
            struct br_kernel_params shipped_params;
            br_params_default(&hopper_device, (enum br_precision)p, &shipped_params);
            int applied =
                br_profile_apply_params(&tuned, (enum br_precision)p, &shipped_params);
            int want_mma = p == BR_D || p == BR_Z ? 2 : 0;
            if (!applied || shipped_params.gemm.mma != want_mma ||
                !br_params_valid(&hopper_device, (enum br_precision)p, &shipped_params))
                fail("%s, %c: applied %d, mma %d (want %d), valid %d", hopper_profiles[i],
                     br_precision_letter((enum br_precision)p), applied, shipped_params.gemm.mma,
                     want_mma,
                     br_params_valid(&hopper_device, (enum br_precision)p, &shipped_params));
        }
        br_keyfile_free(&keys);
    }
    ok("the shipped H200 and H100 profiles: every precision valid on compute capability 9.0, "
       "d and z on m16n8k4");

    /* K slices (br_gemm_k_slices) on a GPU of 132 compute units, K steps of 8: about twice as
     * many work-groups as units, at least 1024 of K each, at most 64 slices; none where C's
     * tiles already fill a quarter of the units, where K is short, or on a CPU device. */
    struct br_device many = gpu(90, 48 * 1024), cpu_device = many;
    many.compute_units = 132;
    cpu_device.type = CL_DEVICE_TYPE_CPU;
    struct br_gemm_params steps = {.mwg = 64, .nwg = 64, .kwg = 8};
    static const struct {
        size_t groups;
        int k, want;
    } cuts[] = {{1, 8192, 8}, {16, 4096, 4}, {33, 65536, 8}, {34, 65536, 1}, {64, 65536, 1},
                {1, 1024, 1}, {1, 2047, 1}, {2, 1 << 20, 64}, {0, 8192, 1}};
    for (size_t i = 0; i < sizeof cuts / sizeof *cuts; i++) {
        int got = br_gemm_k_slices(&many, &steps, cuts[i].groups, cuts[i].k);
        if (got != cuts[i].want)
            fail("%zu work-groups, K %d: %d slices (want %d)", cuts[i].groups, cuts[i].k, got,
                 cuts[i].want);
    }
    if (br_gemm_k_slices(&cpu_device, &steps, 1, 8192) != 1)
        fail("a CPU device's GEMM cut in K slices");
    ok("a long K over few tiles of C (a quarter of a GPU's compute units at most) in slices: "
       "twice the units' work-groups, 1024 of K each at least; not on a CPU device");

    /* The last wave's cut (br_gemm_tail_plan): SGEMM 8192 in tiles of 128 on an H100 (264
     * work-groups at once) is 15.5 waves; its last 3 columns of tiles in 4 K slices make the
     * main launch 15 whole waves and the cut 0.73 of a wave of quarter-length work. 8320 (16.0
     * waves) cuts one column, 16384 one column in 2. No cut where the tiles are whole waves or
     * less than one, where K is too short for slices of 256, where the last wave is nearly
     * full (17 x 31 over 264), or where the device's width is not known. */
    static const struct {
        size_t tiles_m, tiles_n, at_once;
        int k, kwg, cols, slices;
    } tails[] = {{64, 64, 264, 8192, 8, 3, 4},   {65, 65, 264, 8320, 8, 1, 4},
                 {128, 128, 264, 16384, 8, 1, 2}, {2, 2, 3, 8192, 8, 1, 3},
                 {64, 64, 264, 512, 8, 0, 0},     {64, 64, 264, 256, 8, 0, 0},
                 {17, 31, 264, 8192, 8, 0, 0},    {64, 64, 0, 8192, 8, 0, 0},
                 {66, 4, 264, 8192, 8, 0, 0},     {16, 16, 264, 8192, 8, 0, 0},
                 {10, 10, 12, 4096, 16, 0, 0}};
    for (size_t i = 0; i < sizeof tails / sizeof *tails; i++) {
        struct br_gemm_tail got = br_gemm_tail_plan(tails[i].tiles_m, tails[i].tiles_n,
                                                    tails[i].at_once, tails[i].k, tails[i].kwg);
        if (got.cols != tails[i].cols || got.slices != tails[i].slices)
            fail("%zu x %zu tiles, %zu at once, K %d: cut %d columns in %d slices (want %d in "
                 "%d)", tails[i].tiles_m, tails[i].tiles_n, tails[i].at_once, tails[i].k,
                 got.cols, got.slices, tails[i].cols, tails[i].slices);
    }
    ok("the last wave's cut: SGEMM 8192, 8320 and 16384 on an H100's 264 work-groups cut 3, 1 "
       "and 1 columns of tiles in 4, 4 and 2 K slices; whole waves, one wave or less, short K, "
       "a nearly full last wave or an unknown width not cut");

    /* warp_m: each warp's 32 work-items take a warp_m x 32/warp_m block of the SIMT kernel's
     * grid; valid where that tiles the grid in whole warps, and never with the tensor-core
     * kernel (whose warps are its own). On the H200's SGEMM tile, 16 x 16 work-items. */
    struct br_device warp_gpu = gpu(90, 48 * 1024);
    struct br_kernel_params simt;
    br_params_default_simt(&warp_gpu, BR_S, &simt);
    static const struct {
        int mdimc, ndimc, warp_m, mma, valid;
    } warps[] = {{16, 16, 0, 0, 1},  {16, 16, 8, 0, 1},  {16, 16, 4, 0, 1},  {16, 16, 16, 0, 1},
                 {16, 16, 2, 0, 1},  {16, 16, 32, 0, 0}, {16, 16, 3, 0, 0},  {8, 8, 16, 0, 0},
                 {8, 8, 8, 0, 1},    {8, 8, 2, 0, 0},    {8, 2, 8, 0, 0},    {16, 16, 8, 2, 0}};
    for (size_t i = 0; i < sizeof warps / sizeof *warps; i++) {
        struct br_kernel_params w = simt;
        w.gemm.mdimc = warps[i].mdimc, w.gemm.ndimc = warps[i].ndimc;
        w.gemm.mwg = 8 * warps[i].mdimc, w.gemm.nwg = 8 * warps[i].ndimc, w.gemm.kwg = 8;
        w.gemm.vwm = w.gemm.vwn = 1, w.gemm.kwi = 1;
        w.gemm.warp_m = warps[i].warp_m;
        int valid = br_params_valid(&warp_gpu, warps[i].mma ? BR_D : BR_S, &w);
        if (warps[i].mma) { /* the tensor-core tile of the built-ins, with warp_m */
            br_params_default(&warp_gpu, BR_D, &w);
            w.gemm.warp_m = warps[i].warp_m;
            valid = br_params_valid(&warp_gpu, BR_D, &w);
        }
        char options[512];
        if (valid != warps[i].valid ||
            (valid && (br_params_build_options(BR_S, &w, options, sizeof options) != 0 ||
                       !strstr(options, warps[i].warp_m == 8 ? "-DWARP_M=8" : "-DWARP_M="))))
            fail("%d x %d work-items, warp_m %d, mma %d: %s (want %s)", warps[i].mdimc,
                 warps[i].ndimc, warps[i].warp_m, warps[i].mma, valid ? "valid" : "refused",
                 warps[i].valid ? "valid" : "refused");
    }
    ok("warp_m valid where a warp's block tiles the SIMT kernel's work-items in whole warps "
       "(16 x 16: 2 to 16; 8 x 8: 8), refused otherwise and with the tensor-core kernel, and "
       "passed to the compiler");

    /* cp.async stages (stages): the tensor-core kernel in real double, 2 to 4 sets of tiles
     * instead of db, each K step's tiles in whole 16-byte chunks per work-item, the sets within
     * the local memory. Hopper's built-in tile, 64 x 128 x 8 on 16 x 16 work-items, has 12.8 KB
     * of padded tiles a set. */
    struct br_device hopper90 = gpu(90, 48 * 1024), ampere80 = gpu(80, 48 * 1024);
    struct br_kernel_params hd;
    br_params_default(&hopper90, BR_D, &hd);
    static const struct {
        const char *what;
        int stages, db, mma, kwg, mdimc;
        enum br_precision precision;
        int capability, valid;
    } stage_cases[] = {
        {"3 stages", 3, 0, 2, 8, 16, BR_D, 90, 1},
        {"2 stages", 2, 0, 2, 8, 16, BR_D, 90, 1},
        {"4 stages (51.2 KB)", 4, 0, 2, 8, 16, BR_D, 90, 0},
        {"4 stages of K 4 on 8 x 16 work-items (25.6 KB)", 4, 0, 2, 4, 8, BR_D, 90, 1},
        {"3 stages, m8n8k4 on 8.0", 3, 0, 1, 8, 16, BR_D, 80, 1},
        {"1 stage", 1, 0, 2, 8, 16, BR_D, 90, 0},
        {"5 stages", 5, 0, 2, 4, 16, BR_D, 90, 0},
        {"stages with db", 3, 1, 2, 8, 16, BR_D, 90, 0},
        {"stages in complex double", 2, 0, 2, 8, 16, BR_Z, 90, 0},
        {"SIMT stages with A in vectors of 8 bytes", 3, 0, 0, 8, 16, BR_D, 90, 0},
        {"A's 128 chunks a step on 256 work-items (K 4)", 2, 0, 2, 4, 16, BR_D, 90, 0},
    };
    for (size_t i = 0; i < sizeof stage_cases / sizeof *stage_cases; i++) {
        struct br_kernel_params st = hd;
        st.gemm.stages = stage_cases[i].stages, st.gemm.db = stage_cases[i].db;
        st.gemm.mma = stage_cases[i].mma, st.gemm.kwg = stage_cases[i].kwg;
        st.gemm.kwi = st.gemm.kwg < st.gemm.kwi ? st.gemm.kwg : st.gemm.kwi;
        st.gemm.mdimc = stage_cases[i].mdimc;
        if (stage_cases[i].precision == BR_Z)
            st.gemm.vwn = 1;
        struct br_device *d = stage_cases[i].capability == 80 ? &ampere80 : &hopper90;
        int valid;
        char options[512];
        if (!stages_judged(d, stage_cases[i].precision, &st, stage_cases[i].valid, &valid,
                           options))
            fail("%s: %s (want %s)", stage_cases[i].what, valid ? "valid" : "refused",
                 stage_cases[i].valid ? "valid" : "refused");
    }
    if (hd.gemm.stages != 0)
        fail("the built-in double tile has stages %d (want 0 until measured)", hd.gemm.stages);
    ok("cp.async stages valid for the tensor-core kernel in real double, 2 to 4 sets instead of "
       "db, whole 16-byte chunks per work-item, within the local memory; refused elsewhere; "
       "passed to the compiler");

    /* cp.async stages in the SIMT kernel: NVIDIA from 8.0, 2 to 4 sets of both tiles instead
     * of db, vectors of 16 bytes or more (operands aligned to the vector width then give
     * cp.async aligned addresses), whole 16-byte copies per work-item, the sets within the
     * local memory. Hopper's single-precision built-in, 128 x 128 x 8 on 16 x 16 work-items
     * with vectors of 4, has 8 KB of tiles a set. */
    struct br_device turing75 = gpu(75, 48 * 1024), other = gpu(0, 48 * 1024);
    struct br_kernel_params hs;
    br_params_default(&hopper90, BR_S, &hs);
    static const struct {
        const char *what;
        int stages, db, kwg, vw, sa;
        enum br_precision precision;
        int capability, valid;
    } simt_cases[] = {
        {"3 stages", 3, 0, 8, 4, 1, BR_S, 90, 1},
        {"2 stages", 2, 0, 8, 4, 1, BR_S, 90, 1},
        {"4 stages", 4, 0, 8, 4, 1, BR_S, 90, 1},
        {"3 stages on 8.0", 3, 0, 8, 4, 1, BR_S, 80, 1},
        {"3 stages of K 16 (48 KB)", 3, 0, 16, 4, 1, BR_S, 90, 1},
        {"4 stages of K 16 (64 KB)", 4, 0, 16, 4, 1, BR_S, 90, 0},
        {"3 stages on 7.5", 3, 0, 8, 4, 1, BR_S, 75, 0},
        {"3 stages on another vendor", 3, 0, 8, 4, 1, BR_S, 0, 0},
        {"stages with db", 3, 1, 8, 4, 1, BR_S, 90, 0},
        {"5 stages", 5, 0, 8, 4, 1, BR_S, 90, 0},
        {"vectors of 2 floats (8 bytes)", 3, 0, 8, 2, 1, BR_S, 90, 0},
        {"vectors of 8 floats, K 16, 2 stages", 2, 0, 16, 8, 1, BR_S, 90, 1},
        {"A's tile in global memory", 3, 0, 8, 4, 0, BR_S, 90, 0},
        {"K 4: 512 floats of A a step, 256 work-items' copies of 4", 3, 0, 4, 4, 1, BR_S, 90, 0},
        {"double in vectors of 2", 3, 0, 8, 2, 1, BR_D, 90, 1},
        {"complex single (8 bytes an element)", 3, 0, 8, 1, 1, BR_C, 90, 0},
        {"complex double (16 bytes an element), K 4", 2, 0, 4, 1, 1, BR_Z, 90, 1},
    };
    for (size_t i = 0; i < sizeof simt_cases / sizeof *simt_cases; i++) {
        struct br_kernel_params st = hs;
        st.gemm.stages = simt_cases[i].stages, st.gemm.db = simt_cases[i].db;
        st.gemm.kwg = simt_cases[i].kwg;
        st.gemm.kwi = st.gemm.kwg < st.gemm.kwi ? st.gemm.kwg : st.gemm.kwi;
        st.gemm.vwm = st.gemm.vwn = simt_cases[i].vw;
        st.gemm.sa = simt_cases[i].sa;
        st.gemm.mma = 0;
        int capability = simt_cases[i].capability;
        struct br_device *d = capability == 90   ? &hopper90
                              : capability == 80 ? &ampere80
                              : capability == 75 ? &turing75
                                                 : &other;
        int valid;
        char options[512];
        if (!stages_judged(d, simt_cases[i].precision, &st, simt_cases[i].valid, &valid,
                           options) ||
            (valid && strstr(options, "ASYNC_EMULATE")))
            fail("SIMT, %s: %s (want %s)", simt_cases[i].what, valid ? "valid" : "refused",
                 simt_cases[i].valid ? "valid" : "refused");
    }
    if (hs.gemm.stages != 0)
        fail("the built-in single tile has stages %d (want 0 until measured)", hs.gemm.stages);
    ok("cp.async stages valid for the SIMT kernel on NVIDIA from 8.0, 2 to 4 sets instead of "
       "db, vectors of 16 bytes or more, whole 16-byte copies per work-item, within the local "
       "memory; refused elsewhere; passed to the compiler");

    /* The width of a wave (br_gemm_at_once) from the registers in ptxas's report: 126 or 128
     * registers and 16400 bytes of local memory a work-group of 256 fit 2 work-groups in an
     * H100 unit, 129 only one; 64 registers 4, or 3 where 60 KiB of local memory each allow
     * no more; 8.6 holds 48 warps (6 such work-groups); nothing known for no report, a count
     * past 255, another vendor or a CPU. */
    static const struct {
        int capability, registers;
        cl_ulong local;
        size_t want;
    } widths[] = {{90, 126, 16400, 264}, {90, 128, 16400, 264}, {90, 129, 16400, 132},
                  {90, 64, 16400, 528},  {90, 64, 60 << 10, 396}, {86, 32, 4096, 792},
                  {75, 32, 4096, 528},   {90, 0, 16400, 0},       {90, 256, 16400, 0}};
    for (size_t i = 0; i < sizeof widths / sizeof *widths; i++) {
        struct br_device d = gpu(widths[i].capability, 228 << 10);
        snprintf(d.vendor, sizeof d.vendor, "NVIDIA Corporation");
        d.compute_units = 132;
        struct br_gemm_params g = {.mdimc = 16, .ndimc = 16};
        size_t got = br_gemm_at_once(&d, &g, widths[i].registers, widths[i].local);
        if (got != widths[i].want)
            fail("compute capability %d, %d registers, %llu bytes local: %zu work-groups at "
                 "once (want %zu)", widths[i].capability, widths[i].registers,
                 (unsigned long long)widths[i].local, got, widths[i].want);
    }
    struct br_device amd = gpu(90, 228 << 10), host = gpu(0, 228 << 10);
    snprintf(amd.vendor, sizeof amd.vendor, "Advanced Micro Devices, Inc.");
    amd.compute_units = host.compute_units = 132;
    host.type = CL_DEVICE_TYPE_CPU;
    snprintf(host.vendor, sizeof host.vendor, "NVIDIA Corporation");
    const struct br_gemm_params square = {.mdimc = 16, .ndimc = 16};
    if (br_gemm_at_once(&amd, &square, 126, 16400) || br_gemm_at_once(&host, &square, 126, 16400))
        fail("a width of a wave on another vendor's GPU or a CPU");
    static const char log[] =
        "ptxas info    : 0 bytes gmem\n"
        "ptxas info    : Compiling entry function 'gemm_thin' for 'sm_90'\n"
        "ptxas info    : Function properties for gemm_thin\n"
        "    0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads\n"
        "ptxas info    : Used 40 registers, 380 bytes cmem[0]\n"
        "ptxas info    : Compiling entry function 'gemm_tiled' for 'sm_90'\n"
        "ptxas info    : Function properties for gemm_tiled\n"
        "    8 bytes stack frame, 24 bytes spill stores, 24 bytes spill loads\n"
        "ptxas info    : Used 126 registers, 16400 bytes smem, 400 bytes cmem[0]\n"
        "ptxas info    : Compiling entry function 'gemm_direct' for 'sm_90'\n"
        "ptxas info    : Used 72 registers, 8192 bytes smem, 380 bytes cmem[0]\n";
    static const char unsaid[] =
        "ptxas info    : Compiling entry function 'gemm_tiled' for 'sm_90'\n"
        "ptxas info    : Compiling entry function 'gemm_direct' for 'sm_90'\n"
        "ptxas info    : Used 72 registers, 8192 bytes smem, 380 bytes cmem[0]\n";
    int spills = -1, thin_spills = -1, none_spills = -1;
    int tiled = br_program_log_registers(log, "gemm_tiled", &spills);
    int thin = br_program_log_registers(log, "gemm_thin", &thin_spills);
    int none = br_program_log_registers(unsaid, "gemm_tiled", &none_spills);
    if (tiled != 126 || spills != 24 || thin != 40 || thin_spills != 0 || none != 0 ||
        br_program_log_registers(NULL, "gemm_tiled", &spills) != 0 ||
        br_program_log_registers("build ok", "gemm_tiled", &spills) != 0)
        fail("ptxas's report read as gemm_tiled %d registers (%d bytes spilled), gemm_thin %d "
             "(%d), a report without gemm_tiled's line %d", tiled, spills, thin, thin_spills,
             none);
    ok("the last wave's width from ptxas's registers by CUDA's occupancy rules (2 work-groups "
       "of SGEMM's H100 tile a unit, 264 at once); unknown without a report, past 255 "
       "registers, on other vendors and CPUs; the report's registers and spills read for the "
       "right kernel only");
    return failed_tests != 0;
}
