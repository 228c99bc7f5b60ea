/* Shared by the C kernel (read by stencilcc) and the host program. */
#ifndef HEAT_H
#define HEAT_H

/* Diffusion number of the explicit scheme; stable for values up to 0.25. */
#define HEAT_ALPHA 0.2f

#ifdef __cplusplus
extern "C" {
#endif
/* Runs `steps` explicit time steps on the n x n grid pair A[2][n][n]; the
 * result is in A[steps % 2]. Boundary cells keep their values. */
void heat_step(int n, int steps, float *A);
#ifdef __cplusplus
}
#endif

#endif
