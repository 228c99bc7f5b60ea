/* The array is a file-scope array; bounds are plain constants. */
static float G[2][64][64];

void init_grid(void)
{
  for (int i = 0; i < 64; i++)
    for (int j = 0; j < 64; j++)
      G[0][i][j] = G[1][i][j] = (float)((i * 7 + j * 3) % 11);
}

void step_grid(int steps)
{
#pragma scop
  for (int t = 0; t < steps; t++)
    for (int i = 1; i < 63; i++)
      for (int j = 1; j < 63; j++)
        G[(t+1)%2][i][j] = 0.2f * G[t%2][i-1][j] + 0.15f * G[t%2][i][j-1]
                         + 0.3f * G[t%2][i][j] + 0.15f * G[t%2][i][j+1]
                         + 0.2f * G[t%2][i+1][j];
#pragma endscop
}

float grid_corner(void)
{
  return G[0][1][1];
}
