/* HotSpot thermal step (Rodinia style), float: the temperature alternates
   between two levels temp[t%2] -> temp[(t+1)%2] over the whole chip; edge
   cells reuse their own temperature through MIN/MAX-clamped subscripts.
   power is a read-only field; cap (step / capacitance), rx, ry, rz (inverse
   resistances) and amb (ambient temperature) are read-only scalars. */
#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define MAX(a, b) ((a) > (b) ? (a) : (b))

void hotspot(int steps, int rows, int cols, float temp[2][rows][cols],
             float power[rows][cols], float cap, float rx, float ry, float rz,
             float amb)
{
  int t, i, j;

#pragma scop
  for (t = 0; t < steps; t++)
    for (i = 0; i < rows; i++)
      for (j = 0; j < cols; j++)
        temp[(t + 1) % 2][i][j] = temp[t % 2][i][j] + cap * (power[i][j]
          + (temp[t % 2][MIN(i + 1, rows - 1)][j] + temp[t % 2][MAX(i - 1, 0)][j]
             - 2.0f * temp[t % 2][i][j]) * ry
          + (temp[t % 2][i][MIN(j + 1, cols - 1)] + temp[t % 2][i][MAX(j - 1, 0)]
             - 2.0f * temp[t % 2][i][j]) * rx
          + (amb - temp[t % 2][i][j]) * rz);
#pragma endscop
}
