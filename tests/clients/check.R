# A real R client of the BLAS and LAPACK (tests/clients.sh): products (%*% is dgemm, crossprod
# dsyrk), solve (dgesv), chol (dpotrf) and qr with LAPACK (dgeqp3) on fresh random data of
# order N (environment; default 300). Prints "name value" lines: sums of products, to compare
# with a run without blasroute, and residuals, each of which must be small.
set.seed(as.integer(Sys.getenv("SEED", "1")))
n <- as.integer(Sys.getenv("N", "300"))
A <- matrix(rnorm(n * n), n)
B <- matrix(rnorm(n * n), n)
b <- rnorm(n)
S <- crossprod(A) + n * diag(n)
P <- A %*% B
x <- solve(S, b)
R <- chol(S)
q <- qr(A, LAPACK = TRUE)
scale <- max(abs(S))
cat(sprintf("sum.product %.15e\n", sum(P)))
cat(sprintf("sum.crossprod %.15e\n", sum(crossprod(A))))
cat(sprintf("residual.solve %.3e\n", max(abs(S %*% x - b)) / (scale * max(abs(x)))))
cat(sprintf("residual.chol %.3e\n", max(abs(crossprod(R) - S)) / scale))
cat(sprintf("residual.qr %.3e\n", max(abs(qr.Q(q) %*% qr.R(q) - A[, q$pivot])) / max(abs(A))))
