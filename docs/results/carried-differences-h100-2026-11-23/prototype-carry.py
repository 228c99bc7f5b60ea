import re, sys
src = open(sys.argv[1]).read()
fn = "stencilcc_kernel_gradient2d_r0_update"
helper = '''
static __device__ __forceinline__ float stencilcc_upd_carried(const float c_0, const float c_p1, const float *__restrict__ x_0, float &carry)
{
  const float d_m = carry;
  const float d_p = c_0 - c_p1;
  carry = d_p;
  return (float)((float)0.4821 * c_0 + stencilcc_rsqrtf_rn_large((float)1.3057 + d_m * d_m + (c_0 - x_0[-1]) * (c_0 - x_0[-1]) + (c_0 - x_0[1]) * (c_0 - x_0[1]) + d_p * d_p));
}
'''
# insert helper after the update function
i = src.index("static __device__ __forceinline__ float " + fn)
j = src.index("\n}\n", i) + 3
src = src[:j] + helper + src[j:]
out, pos = [], 0
lines = src.split("\n")
res = []; k = 0; n = 0
while k < len(lines):
    ln = lines[k]
    res.append(ln)
    if ln.strip() == "if (tile_inside) {":
        # interior block until line '  } else {'
        blk = []; k += 1
        while lines[k] != "  } else {":
            blk.append(lines[k]); k += 1
        init = {}
        level = None
        newblk = []
        for b in blk:
            m = re.search(r"// level (\d+)", b)
            if m: level = int(m.group(1))
            m = re.search(fn + r"\((\w+), (\w+), (\w+), ([^)]*)\)", b)
            if m and level:
                a, bb, c, x = m.groups()
                init.setdefault(level, f"{a} - {bb}")
                b = b.replace(m.group(0), f"stencilcc_upd_carried({bb}, {c}, {x}, carry_{level})")
                n += 1
            newblk.append(b)
        for L in sorted(init):
            res.append(f"    float carry_{L} = {init[L]};")
        res.extend(newblk)
        continue
    k += 1
open(sys.argv[2], "w").write("\n".join(res))
print("replaced", n, file=sys.stderr)
