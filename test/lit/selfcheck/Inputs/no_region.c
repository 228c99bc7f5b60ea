/* No region at all. */
int twice(int x) { return 2 * x; }
