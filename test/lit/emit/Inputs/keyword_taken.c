/* A variable named by a C++ keyword where the name with one `_` is taken:
   the generated file renames it with two (test/lit/emit/c-to-cxx.test). */
int new_ = 1;

int count(int n, float A[2][n])
{
  int new = n;
#pragma scop
  for (int t = 0; t < n; t++)
    for (int i = 1; i < n - 1; i++)
      A[(t + 1) % 2][i] = 0.5f * (A[t % 2][i - 1] + A[t % 2][i + 1]);
#pragma endscop
  return new + new_;
}
