/* Held-out suite: life2d (not in AN5D Table 3).
 * Conway's Game of Life on int cells (0 dead, 1 alive), two generations
 * through g % 2: count the 8 neighbours of the 3x3 box, then apply B3/S23
 * with ?:.  Integer element type, not REAL (the file is the same in both
 * precisions); the outermost ring of cells is a fixed border. */
void heldout_life2d(int n, int gens, int *cells)
{
  int (*G)[n][n] = (int (*)[n][n])cells;

#pragma scop
  for (int g = 0; g < gens; g++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        G[(g + 1) % 2][i][j] =
          (G[g % 2][i - 1][j - 1] + G[g % 2][i - 1][j] + G[g % 2][i - 1][j + 1]
           + G[g % 2][i][j - 1]                        + G[g % 2][i][j + 1]
           + G[g % 2][i + 1][j - 1] + G[g % 2][i + 1][j] + G[g % 2][i + 1][j + 1]) == 3
          || (G[g % 2][i][j] == 1
              && (G[g % 2][i - 1][j - 1] + G[g % 2][i - 1][j] + G[g % 2][i - 1][j + 1]
                  + G[g % 2][i][j - 1]                        + G[g % 2][i][j + 1]
                  + G[g % 2][i + 1][j - 1] + G[g % 2][i + 1][j] + G[g % 2][i + 1][j + 1]) == 2)
          ? 1 : 0;
#pragma endscop
}
