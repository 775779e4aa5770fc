/* The routines blasroute implements itself rather than forwarding, against the reference:
 * Netlib CBLAS's subroutine forms of the Level-1 functions (sdotsub_ ... dcabs1sub_),
 * cblas_scabs1 and cblas_dcabs1, lsame_, and xerbla_array_ (which must reach the program's own
 * XERBLA with the name blank-padded to 32 characters). */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef void sub_fn(const int *, const void *, const int *, const void *, const int *, void *);
typedef void sdsdotsub_fn(const int *, const float *, const void *, const int *, const void *,
                          const int *, void *);
typedef void norm_sub_fn(const int *, const void *, const int *, void *);
typedef void cabs1_sub_fn(const void *, void *);

void sdotsub_(const int *, const void *, const int *, const void *, const int *, void *);
void ddotsub_(const int *, const void *, const int *, const void *, const int *, void *);
void dsdotsub_(const int *, const void *, const int *, const void *, const int *, void *);
void cdotcsub_(const int *, const void *, const int *, const void *, const int *, void *);
void cdotusub_(const int *, const void *, const int *, const void *, const int *, void *);
void zdotcsub_(const int *, const void *, const int *, const void *, const int *, void *);
void zdotusub_(const int *, const void *, const int *, const void *, const int *, void *);
void sdsdotsub_(const int *, const float *, const void *, const int *, const void *, const int *,
                void *);
void snrm2sub_(const int *, const void *, const int *, void *);
void dnrm2sub_(const int *, const void *, const int *, void *);
void scnrm2sub_(const int *, const void *, const int *, void *);
void dznrm2sub_(const int *, const void *, const int *, void *);
void sasumsub_(const int *, const void *, const int *, void *);
void dasumsub_(const int *, const void *, const int *, void *);
void scasumsub_(const int *, const void *, const int *, void *);
void dzasumsub_(const int *, const void *, const int *, void *);
void isamaxsub_(const int *, const void *, const int *, void *);
void idamaxsub_(const int *, const void *, const int *, void *);
void icamaxsub_(const int *, const void *, const int *, void *);
void izamaxsub_(const int *, const void *, const int *, void *);
void scabs1sub_(const void *, void *);
void dcabs1sub_(const void *, void *);
float cblas_scabs1(const void *);
double cblas_dcabs1(const void *);
int lsame_(const char *, const char *, size_t, size_t);
void xerbla_array_(const char *, const int *, const int *, size_t);

static int test_number;
static void *reference;

static void ok(int good, const char *what)
{
    printf("%sok %d - %s\n", good ? "" : "not ", ++test_number, what);
}

static void *reference_symbol(const char *name)
{
    void *symbol = dlsym(reference, name);
    if (!symbol) {
        printf("Bail out! the reference lacks %s\n", name);
        exit(1);
    }
    return symbol;
}

/* Results are compared bit for bit: the same CPU arithmetic is expected, since both sides
 * compute the same Level-1 function (ours through the CPU BLAS): up to rounding of the CPU BLAS
 * used. Allow a relative 1e-5 for single and 1e-12 for double precision. */
static int close_enough(const void *x, const void *y, size_t bytes, int is_double, int is_int)
{
    if (is_int)
        return memcmp(x, y, bytes) == 0;
    size_t count = bytes / (is_double ? 8 : 4);
    for (size_t i = 0; i < count; i++) {
        double a = is_double ? ((const double *)x)[i] : ((const float *)x)[i];
        double b = is_double ? ((const double *)y)[i] : ((const float *)y)[i];
        double tolerance = (is_double ? 1e-12 : 1e-5) * (1 + (a < 0 ? -a : a));
        if (!(a - b <= tolerance && b - a <= tolerance))
            return 0;
    }
    return 1;
}

struct dot_case {
    const char *name;
    sub_fn *ours;
    size_t result_bytes;
    int is_double;
};

struct norm_case {
    const char *name;
    norm_sub_fn *ours;
    size_t result_bytes;
    int is_double, is_int;
};

/* xerbla_array_ must reach the program's XERBLA: this one, found by the dynamic linker. */
static char xerbla_name[64];
static int xerbla_info, xerbla_length;
void xerbla_(const char *name, const int *info, size_t length);
void xerbla_(const char *name, const int *info, size_t length)
{
    xerbla_length = (int)length;
    memcpy(xerbla_name, name, length < sizeof xerbla_name ? length : sizeof xerbla_name - 1);
    xerbla_info = *info;
}

int main(void)
{
    const char *path = getenv("BLASROUTE_REFERENCE_BLAS");
    if (!path)
        path = "/usr/lib/x86_64-linux-gnu/blas/libblas.so.3";
    reference = dlopen(path, RTLD_NOW | RTLD_LOCAL | RTLD_DEEPBIND);
    if (!reference) {
        printf("1..0 # SKIP reference BLAS not found at %s\n", path);
        return 0;
    }
    printf("1..25\n");
    srand(2024);
    enum { N = 37 };
    double x[4 * N], y[4 * N]; /* room for N double complex values */
    for (int i = 0; i < 4 * N; i++) {
        x[i] = rand() / (double)RAND_MAX - 0.5;
        y[i] = rand() / (double)RAND_MAX - 0.5;
    }
    float xf[4 * N], yf[4 * N];
    for (int i = 0; i < 4 * N; i++)
        xf[i] = (float)x[i], yf[i] = (float)y[i];
    int n = N, inc = 1, inc2 = 2;

    const struct dot_case dots[] = {
        {"sdotsub_", sdotsub_, 4, 0},   {"ddotsub_", ddotsub_, 8, 1},
        {"dsdotsub_", dsdotsub_, 8, 1}, {"cdotcsub_", cdotcsub_, 8, 0},
        {"cdotusub_", cdotusub_, 8, 0}, {"zdotcsub_", zdotcsub_, 16, 1},
        {"zdotusub_", zdotusub_, 16, 1},
    };
    for (size_t i = 0; i < sizeof dots / sizeof dots[0]; i++) {
        const struct dot_case *c = &dots[i];
        int single = c->name[0] == 's' || c->name[0] == 'c' || c->name[1] == 's';
        const void *xs = single ? (const void *)xf : (const void *)x;
        const void *ys = single ? (const void *)yf : (const void *)y;
        double ours[2] = {0, 0}, theirs[2] = {0, 0};
        c->ours(&n, xs, &inc2, ys, &inc, ours);
        ((sub_fn *)reference_symbol(c->name))(&n, xs, &inc2, ys, &inc, theirs);
        char what[64];
        snprintf(what, sizeof what, "%s matches the reference", c->name);
        ok(close_enough(ours, theirs, c->result_bytes, c->is_double, 0), what);
    }

    float sb = 0.25f, ours_s = 0, theirs_s = 0;
    sdsdotsub_(&n, &sb, xf, &inc, yf, &inc2, &ours_s);
    ((sdsdotsub_fn *)reference_symbol("sdsdotsub_"))(&n, &sb, xf, &inc, yf, &inc2, &theirs_s);
    ok(close_enough(&ours_s, &theirs_s, 4, 0, 0), "sdsdotsub_ matches the reference");

    const struct norm_case norms[] = {
        {"snrm2sub_", snrm2sub_, 4, 0, 0},   {"dnrm2sub_", dnrm2sub_, 8, 1, 0},
        {"scnrm2sub_", scnrm2sub_, 4, 0, 0}, {"dznrm2sub_", dznrm2sub_, 8, 1, 0},
        {"sasumsub_", sasumsub_, 4, 0, 0},   {"dasumsub_", dasumsub_, 8, 1, 0},
        {"scasumsub_", scasumsub_, 4, 0, 0}, {"dzasumsub_", dzasumsub_, 8, 1, 0},
        {"isamaxsub_", isamaxsub_, 4, 0, 1}, {"idamaxsub_", idamaxsub_, 4, 0, 1},
        {"icamaxsub_", icamaxsub_, 4, 0, 1}, {"izamaxsub_", izamaxsub_, 4, 0, 1},
    };
    for (size_t i = 0; i < sizeof norms / sizeof norms[0]; i++) {
        const struct norm_case *c = &norms[i];
        int single = c->name[0] == 's' || c->name[1] == 's' || c->name[1] == 'c';
        const void *xs = single ? (const void *)xf : (const void *)x;
        double ours[2] = {0, 0}, theirs[2] = {0, 0};
        c->ours(&n, xs, &inc, ours);
        ((norm_sub_fn *)reference_symbol(c->name))(&n, xs, &inc, theirs);
        char what[64];
        snprintf(what, sizeof what, "%s matches the reference", c->name);
        ok(close_enough(ours, theirs, c->result_bytes, c->is_double, c->is_int), what);
    }

    float zf[2] = {-1.5f, 2.25f}, cabs_s = 0, cabs_ref_s = 0;
    double zd[2] = {3.5, -0.0}, cabs_d = 0, cabs_ref_d = 0;
    scabs1sub_(zf, &cabs_s);
    ((cabs1_sub_fn *)reference_symbol("scabs1sub_"))(zf, &cabs_ref_s);
    ok(cabs_s == cabs_ref_s && cabs_s == 3.75f, "scabs1sub_ matches the reference");
    dcabs1sub_(zd, &cabs_d);
    ((cabs1_sub_fn *)reference_symbol("dcabs1sub_"))(zd, &cabs_ref_d);
    ok(cabs_d == cabs_ref_d && cabs_d == 3.5, "dcabs1sub_ matches the reference");
    ok(cblas_scabs1(zf) == 3.75f && cblas_dcabs1(zd) == 3.5, "cblas_scabs1 and cblas_dcabs1");

    int lsame_right = 1;
    for (int a = 1; a < 128; a++)
        for (int b = 1; b < 128; b++) {
            char ca = (char)a, cb = (char)b;
            int want = ca == cb || ((ca | 32) == (cb | 32) && (ca | 32) >= 'a' && (ca | 32) <= 'z');
            lsame_right &= !!lsame_(&ca, &cb, 1, 1) == want;
        }
    ok(lsame_right, "lsame_ compares letters without case and other characters exactly");

    int length = 7, info = 4;
    xerbla_array_("DGEQRF2", &length, &info, 1);
    ok(xerbla_info == 4 && xerbla_length == 32 && memcmp(xerbla_name, "DGEQRF2", 7) == 0 &&
           strspn(xerbla_name + 7, " ") == 25,
       "xerbla_array_ reaches the program's XERBLA with the name padded to 32 characters");
    return 0;
}
