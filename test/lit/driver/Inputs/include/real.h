#define REAL float
