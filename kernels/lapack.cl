// The device side of blasroute's blocked LAPACK (src/lapack/): the factorizations keep their
// matrix on the device and do their products with the GEMM kernel; this file holds what is not
// a product.

// LAPACK's row interchanges (laswp) on `cols` columns of a column-major matrix a (leading
// dimension ld, column 0 of the block at element `offset`): for each row r = first .. first +
// count - 1 in turn, rows r and pivots[r] (0-based rows of the matrix, pivots indexed by row)
// are swapped. The swaps of a column
// depend on each other (a row can move twice) and run in order, by one work-item per column;
// columns are independent.
__kernel void swap_rows(const int cols, const int count, const int first,
                        const __global int *restrict pivots, __global real *restrict a,
                        const int offset, const int ld)
{
    const int j = get_global_id(0);
    if (j >= cols)
        return;
    __global real *column = a + offset + (size_t)j * ld;
    for (int i = 0; i < count; i++) {
        const int row = first + i, pivot = pivots[row];
        if (pivot != row) {
            const real x = column[row];
            column[row] = column[pivot];
            column[pivot] = x;
        }
    }
}
