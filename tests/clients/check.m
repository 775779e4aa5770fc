% A real Octave client of the BLAS and LAPACK (tests/clients.sh): A*B (dgemm), chol (dpotrf),
% lu (dgetrf) and A\b (dgesv) on fresh random data of order N (environment; default 300).
% Prints "name value" lines: sums of products, to compare with a run without blasroute, and
% residuals, each of which must be small.
rand("seed", str2double(getenv("SEED"))); randn("seed", str2double(getenv("SEED")));
n = str2double(getenv("N")); if isnan(n), n = 300; end
A = randn(n); B = randn(n); b = randn(n, 1);
S = A' * A + n * eye(n);
P = A * B;
R = chol(S);
[L, U, p] = lu(A, "vector");
x = S \ b;
scale = max(abs(S(:)));
printf("sum.product %.15e\n", sum(P(:)));
printf("sum.gram %.15e\n", sum(S(:)));
printf("residual.chol %.3e\n", max(max(abs(R' * R - S))) / scale);
printf("residual.lu %.3e\n", max(max(abs(L * U - A(p, :)))) / max(abs(A(:))));
printf("residual.solve %.3e\n", max(abs(S * x - b)) / (scale * max(abs(x))));
