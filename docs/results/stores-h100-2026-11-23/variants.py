import re, sys
src, mode, out = sys.argv[1], sys.argv[2], sys.argv[3]
t = open(src).read()
helper = r'''
template <typename T>
static __device__ __forceinline__ void stencilcc_store_if(T *p, T v, bool pred)
{
#if defined(__CUDA_ARCH__)
  if (sizeof(T) == 4)
    asm volatile("{ .reg .pred p; setp.ne.b32 p, %2, 0; @p st.global.f32 [%0], %1; }" :: "l"(p), "f"((float)v), "r"((int)pred) : "memory");
  else
    asm volatile("{ .reg .pred p; setp.ne.b32 p, %2, 0; @p st.global.f64 [%0], %1; }" :: "l"(p), "d"((double)v), "r"((int)pred) : "memory");
#else
  if (pred) *p = v;
#endif
}
'''
if 'pst' in mode:
    t = t.replace('#include <cmath>', '#include <cmath>' + helper, 1) if '#include <cmath>' in t else t.replace('#ifndef STENCILCC_CHECK', helper + '#ifndef STENCILCC_CHECK', 1)
    t, n = re.subn(r'if \((in_compute(?:_r\d)?)\) (dst_cell(?:_r\d)?)\[\(long\)q \* plane_stride\] = (.*);\n',
                   lambda m: 'stencilcc_store_if(&%s[(long)q * plane_stride], %s, %s);\n' % (m.group(2), m.group(3), m.group(1)), t)
    print('pst', n, file=sys.stderr)
if 'i32' in mode:
    t = t.replace('const long stride = plane_stride;', 'const int stride = plane_stride;')
    t = t.replace('(long)q * plane_stride', 'q * plane_stride')
    t = t.replace('const long at = p * stride;', 'const int at = p * stride;')
if 'w64' in mode:
    t = t.replace('const long stride = plane_stride;', 'const int stride = plane_stride;')
    t = re.sub(r'\b(pa) \* stride', r'(long)\1 * stride', t)
    t = t.replace('const long at = p * stride;', 'const long at = (long)p * stride;')
if 'mw' in mode:
    mw = """
static __device__ __host__ __forceinline__ long stencilcc_wide(int a, int b)
{
#if defined(__CUDA_ARCH__)
  long r;
  asm("mul.wide.s32 %0, %1, %2;" : "=l"(r) : "r"(a), "r"(b));
  return r;
#else
  return (long)a * b;
#endif
}
"""
    t = t.replace('#ifndef STENCILCC_CHECK', mw + '#ifndef STENCILCC_CHECK', 1)
    t = t.replace('const long stride = plane_stride;', 'const int stride = plane_stride;')
    t = re.sub(r'\b(pa) \* stride', r'stencilcc_wide(\1, stride)', t)
    t = t.replace('const long at = p * stride;', 'const long at = stencilcc_wide(p, stride);')
    t = t.replace('(long)q * plane_stride', 'stencilcc_wide(q, plane_stride)')
open(out, 'w').write(t)
