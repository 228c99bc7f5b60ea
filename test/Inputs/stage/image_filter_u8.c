/* A 2D integer image filter on 8-bit pixels, iterated: a 3x3 binomial blur
   with clamped (replicated) edges, rounded, computed in int and stored back
   as unsigned char; ping-pong between two images. */
void image_filter(int steps, int h, int w, unsigned char In[h][w],
                  unsigned char Out[h][w])
{
  int t, y, x;

#pragma scop
  for (t = 0; t < steps; t++) {
    for (y = 0; y < h; y++)
      for (x = 0; x < w; x++)
        Out[y][x] = (In[y > 0 ? y - 1 : y][x > 0 ? x - 1 : x]
                     + 2 * In[y > 0 ? y - 1 : y][x]
                     + In[y > 0 ? y - 1 : y][x < w - 1 ? x + 1 : x]
                     + 2 * In[y][x > 0 ? x - 1 : x] + 4 * In[y][x]
                     + 2 * In[y][x < w - 1 ? x + 1 : x]
                     + In[y < h - 1 ? y + 1 : y][x > 0 ? x - 1 : x]
                     + 2 * In[y < h - 1 ? y + 1 : y][x]
                     + In[y < h - 1 ? y + 1 : y][x < w - 1 ? x + 1 : x]
                     + 8) / 16;
    for (y = 0; y < h; y++)
      for (x = 0; x < w; x++)
        In[y][x] = Out[y][x] > 200 ? 200 : Out[y][x];
  }
#pragma endscop
}
