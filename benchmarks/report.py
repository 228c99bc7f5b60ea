#!/usr/bin/python3
"""report.py: the performance report (docs/performance.md and its plots) from GPU runs of
the perf set.

Usage (from the repository root):
  benchmarks/generate.sh perf                  # here: gen/ with manifest.txt, predictions.tsv
  (run benchmarks/run-gpu.sh on the GPU, e.g. one call for 2D and one for 3D; keep each $OUT)
  benchmarks/report.py --run OUT_2D [--run OUT_3D ...] --gen benchmarks/gen \
      --anchors benchmarks/anchors.tsv --device "NVIDIA H100 80GB HBM3" \
      --command "benchmarks/run-gpu.sh --time-only --filter 2d" [--command ...] \
      --out docs/performance.md --img docs/img

  --run DIR      a run-gpu.sh $OUT folder (times.txt, status.txt, table.txt); repeatable. Runs
                 are merged: a timing from a later --run replaces an earlier one of the same
                 entry (the report says so), and a check result beats 'not checked'.
  --gen DIR      generate.sh's output of the same revision: manifest.txt, skipped.txt,
                 predictions.tsv (the model's prediction per entry), fastmath-same.txt (the
                 fastmath plans dropped because --fast-math changed nothing), and the .cu files
  --anchors F    peer figures (AN5D, EBISU) per stencil, see benchmarks/anchors.tsv
  --suite F      name dims radius shape flops per stencil (default benchmarks/stencils/suite.txt)
  --device S     the GPU, as printed in the header
  --command S    a command that produced a run; repeatable, printed in the header
  --note S       a paragraph printed after the commands (how the runs were split, say);
                 repeatable
  --out F        the Markdown report;  --img DIR  its PNG plots (needs matplotlib; without it
                 the tables are still written and the report says the plots are missing)

Only measured numbers from the run folders and the peer figures of the anchors file appear;
an entry that is missing, failed its check or was not timed is listed, never dropped.
"""
import argparse
import datetime
import math
import os
import re
import sys

PRECISIONS = ("float", "double")
TIMED_PLANS = ("tuned", "bt1", "naive")  # plus fastmath and btsweep<K>
FASTMATH = "fastmath"  # the tuned plan with --fast-math, where that changes the generated code
# Worst first: the merged check state of an entry checked in several runs is the
# highest-ranked one, so a failure is never hidden by a pass or a skip elsewhere.
CHECK_RANK = {"FAIL": 5, "ok": 4, "nocompile": 3, "skipped": 2, "off": 1}


def die(msg):
    sys.exit("report.py: " + msg)


def read_suite(path):
    suite = {}
    for line in open(path):
        f = line.split()
        if not f or f[0].startswith("#"):
            continue
        suite[f[0]] = {"dims": int(f[1]), "radius": int(f[2]), "shape": f[3], "flops": int(f[4])}
    return suite


def read_tsv(path):
    """Tab-separated with a header row; '#' lines are comments; '-' is a missing value."""
    rows, header = [], None
    for line in open(path):
        line = line.rstrip("\n")
        if not line or line.startswith("#"):
            continue
        cells = line.split("\t")
        if header is None:
            header = cells
            continue
        rows.append({k: (None if v == "-" else v) for k, v in zip(header, cells)})
    return rows


def num(x):
    try:
        return float(x)
    except (TypeError, ValueError):
        return None


def read_gen(gen):
    manifest = os.path.join(gen, "manifest.txt")
    if not os.path.isfile(manifest):
        die(f"no {manifest}: run benchmarks/generate.sh perf first")
    entries = {}
    for line in open(manifest):
        f = line.split()
        if len(f) < 8:
            continue
        stem = os.path.basename(f[7])[:-3]
        entries[stem] = {"name": f[0], "real": f[1], "plan": f[2], "dims": int(f[3]),
                         "radius": int(f[4]), "file": f[7], "flags": " ".join(f[8:])}
    skipped = []
    path = os.path.join(gen, "skipped.txt")
    if os.path.isfile(path):
        skipped = [l.rstrip("\n") for l in open(path) if l.strip()]
    preds = {}
    path = os.path.join(gen, "predictions.tsv")
    if os.path.isfile(path):
        preds = {r["stem"]: r for r in read_tsv(path)}
    # '<fastmath stem> same as <tuned stem> (--fast-math changes nothing)'
    fm_same = {}
    path = os.path.join(gen, "fastmath-same.txt")
    if os.path.isfile(path):
        for line in open(path):
            m = re.match(r"(\S+) same as (\S+)", line.strip())
            if m:
                fm_same[m.group(1)] = m.group(2)
    return entries, skipped, preds, fm_same


def plan_header(gen, entry):
    """The first '// plan:' line of a generated file (its first region's banner, after the
    helper templates, which can take more than 80 lines)."""
    path = os.path.join(gen, os.path.basename(entry["file"]))
    try:
        with open(path) as f:
            for line in f:
                m = re.match(r"\s*//\s*plan:\s*(.*)", line)
                if m:
                    return m.group(1).strip()
    except OSError:
        pass
    return None


def parse_kv(text):
    return dict(m.groups() for m in re.finditer(r"(\w+)=(\S+)", text))


def read_runs(dirs):
    times, time_notes, status, runinfo, dups = {}, {}, {}, [], []
    for d in dirs:
        if not os.path.isdir(d):
            die(f"--run {d}: no such folder")
        info = {"dir": d, "header": None, "timing": None}
        table = os.path.join(d, "table.txt")
        if os.path.isfile(table):
            for line in open(table):
                if line.startswith("== ") and info["header"] is None:
                    info["header"] = line[3:].strip()
                if line.startswith("timing: "):
                    info["timing"] = line[8:].strip()
        runinfo.append(info)
        path = os.path.join(d, "times.txt")
        if os.path.isfile(path):
            for line in open(path):
                s = line.strip()
                # run-gpu.sh writes the harness's 'TIME k=v ...' line with ' stem=<stem>' added
                m = re.match(r"(?:.*\s)?TIME\s+(.*)$", s)
                if s.startswith("TIME ") or (m and "stem=" in s and not s.startswith("TIME-")):
                    kv = parse_kv(m.group(1))
                    stem = kv.get("stem")
                    if stem is None:
                        time_notes.setdefault("?", []).append(f"TIME line without stem= in {path}: {s}")
                        continue
                    if stem in times:
                        dups.append(f"{stem}: the timing of {d} replaces that of {times[stem]['run']}")
                    kv["run"] = d
                    times[stem] = kv
                    time_notes.pop(stem, None)
                elif s.startswith("TIME-FAIL ") or s.startswith("TIME-SKIPPED "):
                    kind, rest = s.split(" ", 1)
                    stem, _, why = rest.partition(" ")
                    if stem not in times:
                        time_notes[stem] = f"{kind} {why}".strip()[:160]
        path = os.path.join(d, "status.txt")
        if os.path.isfile(path):
            for line in open(path):
                if line.startswith("#") or "|" not in line:
                    continue
                parts = [p.strip() for p in line.split("|")]
                stem, comp = parts[0], parts[1]
                chk = parts[2].split(" ", 1)[1] if parts[2].startswith("check ") else parts[2]
                old = status.get(stem)
                if old is None or CHECK_RANK.get(chk, 0) > CHECK_RANK.get(old["check"], 0):
                    status[stem] = {"compile": comp, "check": chk, "run": d}
    return times, time_notes, status, runinfo, dups


def geomean(xs):
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else None


def fmt(x, nd=1):
    return "-" if x is None else f"{x:.{nd}f}"


def ratio(a, b):
    return a / b if a is not None and b else None


def short_flags(flags):
    """'--bt=8 --bs=256 --exchange=scr --opt=star ...' -> 'bt=8 bs=256 scr star ...'."""
    out = []
    for t in flags.split():
        t = t.lstrip("-")
        for key in ("exchange=", "opt="):
            if t.startswith(key):
                t = t[len(key):]
        out.append(t.replace("blocks-per-sm=", "b/SM="))
    return " ".join(out)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--run", action="append", required=True)
    ap.add_argument("--gen", default="benchmarks/gen")
    ap.add_argument("--anchors", default="benchmarks/anchors.tsv")
    ap.add_argument("--suite", default="benchmarks/stencils/suite.txt")
    ap.add_argument("--device", required=True)
    ap.add_argument("--command", action="append", default=[])
    ap.add_argument("--note", action="append", default=[])
    ap.add_argument("--out", default="docs/performance.md")
    ap.add_argument("--img", default="docs/img")
    a = ap.parse_args()

    suite = read_suite(a.suite)
    anchors = {r["stencil"]: r for r in read_tsv(a.anchors)}
    entries, gen_skipped, preds, fm_same = read_gen(a.gen)
    times, time_notes, status, runinfo, dups = read_runs(a.run)

    def stem(name, real, plan):
        return f"{name}_{real}_{plan}"

    def gcells(s):
        t = times.get(s)
        return num(t.get("gcells")) if t else None

    def check(s):
        return status[s]["check"] if s in status else "not run"

    def is_timed_plan(plan):
        return plan in TIMED_PLANS or plan == FASTMATH or plan.startswith("btsweep")

    # ------------------------------------------------------------ tables
    md = []
    w = md.append
    today = datetime.date.today().isoformat()
    w("# stencilcc performance\n")
    w(f"Device: **{a.device}**. Report written {today} by `benchmarks/report.py` from "
      f"{len(a.run)} run folder(s) of `benchmarks/run-gpu.sh` on the entries of "
      "`benchmarks/generate.sh perf`.\n")
    for info in runinfo:
        w(f"- `{info['dir']}`: {info['header'] or '(no table.txt header)'}"
          + (f"; {info['timing']}" if info["timing"] else ""))
    w("")
    if a.command:
        w("Commands:\n")
        w("```")
        for c in a.command:
            w(c)
        w("```\n")
    for note in a.note:
        w(note + "\n")
    sizes = {}
    for s, t in times.items():
        dims = entries[s]["dims"] if s in entries else suite.get(s.split("_")[0], {}).get("dims")
        sizes.setdefault(dims, set()).add((t.get("n"), t.get("steps"), t.get("reps")))
    if sizes:
        w("Sizes (from the TIME lines): " + "; ".join(
            f"{d}D " + ", ".join(f"{n}^{d} cells, {st} steps, median of {r} timed calls"
                                  for n, st, r in sorted(v))
            for d, v in sorted(sizes.items(), key=lambda kv: kv[0] or 0)) + ".\n")
    else:
        w("Sizes: no TIME line in the run folders.\n")
    w("""Columns (GCells/s and GFLOP/s are measured kernel rates, CUDA events between the SB hooks,
median of the timed calls; the peer figures are those of `benchmarks/anchors.tsv`):

- **tuned plan**: the flags of the plan `--plan-cache benchmarks/plan-cache.json` selected (the
  cached plan of the stencil, else its default), as `--plan-only` resolves them.
- **GFLOP/s** = GCells/s x the FLOP/cell of paper 001 Table 3 (`benchmarks/stencils/suite.txt`).
- **model**: the performance model's prediction for that plan (`gen/predictions.tsv`); it is
  the plan's roofline bound (the slowest of compute, shared and global memory). **meas/model**
  is the accuracy (measured / predicted), **bottleneck** the bound the model names.
- **gmem bound**: the global-memory bound alone, global GB/s / global bytes per cell.
- **bT=1** and **naive**: the `--bt=1` and `--naive` plans; **/naive** = tuned / naive.
- **AN5D**, **EBISU**, **bar** (the better of the two): peer GCells/s; **/AN5D**, **/bar**:
  tuned / that.
- **fast-math GCells/s**: the tuned plan with `--fast-math` (the `fastmath` entry); `(same)`:
  `--fast-math` does not change this stencil's generated code (`gen/fastmath-same.txt`), so
  the figure is the tuned one's. **/AN5D fm**: that / AN5D. AN5D's figures were built with
  nvcc `--use_fast_math`; the tuned columns are exact (correctly rounded) arithmetic.
- **check**: the run-gpu.sh check of the row's tuned, bT=1, naive and fastmath entries (`ok`
  when all passed, else each entry that did not).
""")
    grid_note = [f"{d}D n={n}" for d, v in sizes.items() for n, _, _ in v
                 if (d == 2 and n != "16384") or (d == 3 and n != "512")]
    if grid_note:
        w("**Note:** the model's predictions are for 16384^2 and 512^3; these timings used "
          + ", ".join(sorted(grid_note)) + ".\n")

    summary = {}
    for real in PRECISIONS:
        w(f"## {real}\n")
        w("| stencil | tuned plan | GFLOP/s | GCells/s | model GCells/s | meas/model | bottleneck "
          "| gmem bound | bT=1 | naive | /naive | AN5D | EBISU | bar | /AN5D | /bar "
          "| fast-math GCells/s | /AN5D fm | check |")
        w("|" + "---|" * 19)
        r_an5d, r_bar, excluded = [], [], []
        f_an5d, f_bar, f_used = [], [], []  # the same with the fastmath timing where there is one
        for name, st in suite.items():
            ts, bs, ns = (stem(name, real, p) for p in TIMED_PLANS)
            fs = stem(name, real, FASTMATH)
            g = gcells(ts)
            p = preds.get(ts, {})
            pflags = p.get("flags")
            if pflags == "--naive":  # the plan cache chose the naive kernel
                plan = "--naive"
            elif pflags:
                plan = short_flags(pflags)
            elif ts in entries:
                plan = plan_header(a.gen, entries[ts]) or entries[ts]["flags"]
            else:
                plan = "(not generated)"
            pred = num(p.get("gcells_pred"))
            gbs, bpc = num(p.get("global_gbs")), num(p.get("global_bytes_per_cell"))
            gmem = gbs / bpc if gbs and bpc else None
            an = anchors.get(name, {})
            an5d = num(an.get(f"an5d_{real}_gcells"))
            ebisu = num(an.get(f"ebisu_{real}_gcells"))
            bar = num(an.get(f"{real}_bar"))
            chk = [f"{pl} {check(x)}" for pl, x in zip(TIMED_PLANS + (FASTMATH,), (ts, bs, ns, fs))
                   if x in entries and check(x) != "ok"]
            chk = "ok" if not chk else ", ".join(chk)
            # fast-math: the fastmath entry's timing; the tuned one where --fast-math changes
            # nothing; the fastmath timing replaces the tuned one in the second geometric mean
            fg = gcells(fs)
            if fg is not None:
                fcell, fval = fmt(fg), fg
            elif fs in fm_same and g is not None:
                fcell, fval = f"{fmt(g)} (same)", g
            else:
                fcell, fval = "-", None
            w(f"| {name} | {plan} | {fmt(g * st['flops'] if g else None, 0)} | {fmt(g)} "
              f"| {fmt(pred)} | {fmt(ratio(g, pred), 2)} | {p.get('bottleneck') or '-'} "
              f"| {fmt(gmem)} | {fmt(gcells(bs))} | {fmt(gcells(ns))} "
              f"| {fmt(ratio(g, gcells(ns)), 2)} | {fmt(an5d)} | {fmt(ebisu)} | {fmt(bar, 0)} "
              f"| {fmt(ratio(g, an5d), 2)} | {fmt(ratio(g, bar), 2)} "
              f"| {fcell} | {fmt(ratio(fval, an5d), 2)} | {chk} |")
            if fg is not None and check(fs) != "FAIL":
                gf, f_used = fg, f_used + [name]
            elif g is not None and check(ts) != "FAIL":
                gf = g
            else:
                gf = None
            if gf is not None:
                if an5d:
                    f_an5d.append(gf / an5d)
                if bar:
                    f_bar.append(gf / bar)
            if g is None:
                continue
            if check(ts) == "FAIL":
                excluded.append(name)
                continue
            if an5d:
                r_an5d.append(g / an5d)
            if bar:
                r_bar.append(g / bar)
        summary[real] = (r_an5d, r_bar, excluded)
        w("")
        ga, gb = geomean(r_an5d), geomean(r_bar)
        w(f"Geometric mean over the stencils with a tuned timing: tuned/AN5D "
          f"**{fmt(ga, 2)}** ({len(r_an5d)} of {len(suite)} stencils), tuned/bar "
          f"**{fmt(gb, 2)}** ({len(r_bar)} of {len(suite)})"
          + (f"; left out because the tuned check failed: {', '.join(excluded)}" if excluded else "")
          + ".\n")
        ga, gb = geomean(f_an5d), geomean(f_bar)
        w(f"The same with `--fast-math` where it changes the code (AN5D's figures were built with "
          f"nvcc `--use_fast_math`): tuned/AN5D **{fmt(ga, 2)}** ({len(f_an5d)} of {len(suite)} "
          f"stencils), tuned/bar **{fmt(gb, 2)}** ({len(f_bar)} of {len(suite)}); the fastmath "
          f"timing replaces the tuned one for "
          + (", ".join(f_used) if f_used else "no stencil (no fastmath timing whose check did not fail)")
          + ".\n")

    # ------------------------------------------------------------ bT sweep (numbers)
    sweep = {}  # (real, name) -> [(bt, stem)]
    rejected = {"_".join(l.split()[:3]) for l in gen_skipped}
    for s, e in entries.items():
        m = re.fullmatch(r"btsweep(\d+)", e["plan"])
        if m:
            sweep.setdefault((e["real"], e["name"]), []).append((int(m.group(1)), s))
    if sweep:
        w("## GFLOP/s against bT (radius-1 stencils, `btsweep<K>` = `--bt=K`)\n")
        for real in PRECISIONS:
            names = [n for (r, n) in sorted(sweep, key=lambda k: list(suite).index(k[1])) if r == real]
            if not names:
                continue
            bts = sorted({bt for n in names for bt, _ in sweep[(real, n)]})
            w(f"{real}: measured GFLOP/s (model's prediction in parentheses; `F` = check failed)\n")
            w("| stencil | " + " | ".join(f"bT={b}" for b in bts) + " |")
            w("|" + "---|" * (len(bts) + 1))
            for n in names:
                cells = {bt: s for bt, s in sweep[(real, n)]}
                row = []
                for b in bts:
                    s = cells.get(b)
                    if s is None:
                        row.append("rejected" if stem(n, real, f"btsweep{b}") in rejected else "-")
                        continue
                    g = gcells(s)
                    pg = num(preds.get(s, {}).get("gflops_pred"))
                    row.append(f"{fmt(g * suite[n]['flops'] if g else None, 0)} ({fmt(pg, 0)})"
                               + (" F" if check(s) == "FAIL" else ""))
                w(f"| {n} | " + " | ".join(row) + " |")
            w("")

    # ------------------------------------------------------------ everything not clean
    w("## Entries not checked ok or not timed\n")
    lines = []
    by_reason = {}  # the same reason for many entries (a run without checks) makes one line
    for line in gen_skipped:
        f = line.split()
        lines.append(f"- `{f[0]}_{f[1]}_{f[2]}`: not generated: {line.split(' ', 3)[3][:200]}")
    for s, e in entries.items():
        why = []
        c = check(s)
        if c != "ok":
            why.append("check " + c + ("" if s in status else " (in no run's status.txt)"))
        if is_timed_plan(e["plan"]) and s not in times:
            why.append("not timed" + (f": {time_notes[s]}" if s in time_notes else ""))
        if why:
            by_reason.setdefault("; ".join(why), []).append(s)
    for why, stems in by_reason.items():
        lines.append(f"- {why}: " + ", ".join(f"`{s}`" for s in stems))
    for s in sorted(set(status) - set(entries)):
        lines.append(f"- `{s}`: in a run's status.txt but not in {a.gen}/manifest.txt (another generation?)")
    for s in sorted(set(times) - set(entries)):
        lines.append(f"- `{s}`: timed but not in {a.gen}/manifest.txt (left out of the tables)")
    for note in time_notes.get("?", []):
        lines.append(f"- {note}")
    for d in dups:
        lines.append(f"- `{d}`")
    w("\n".join(lines) if lines else "None: every generated entry passed its check and every timed plan has a timing.")
    w("")
    # run-gpu.sh times one entry of each identical generated file (its TIME line's same_as=)
    reused = [(t["same_as"], s) for s, t in times.items() if t.get("same_as")]
    if reused:
        w("Reused timings (run-gpu.sh times identical generated files once):\n")
        w("\n".join(f"- timing of `{x}` reused for `{y}`: identical generated file" for x, y in reused))
        w("")

    # ------------------------------------------------------------ plots
    os.makedirs(os.path.dirname(os.path.abspath(a.out)), exist_ok=True)
    rel = os.path.relpath(os.path.abspath(a.img), os.path.dirname(os.path.abspath(a.out)))
    try:
        made = plots(a.img, suite, anchors, sweep, gcells, check, stem)
    except ImportError as err:
        made = []
        print(f"report.py: warning: no plots ({err}); the tables are written", file=sys.stderr)
    w("## Plots\n")
    if made:
        for f, caption in made:
            w(f"![{caption}]({rel}/{f})\n")
        w("Plotted points are measured timings whose check did not fail.\n")
    else:
        w("No plots: matplotlib was not available when this report was written.\n")

    # Sections written by hand after the marker (stage-form runs of
    # benchmarks/run-stage-gpu.sh) stay as they are.
    # The held-out suite's section (benchmarks/heldout/run.sh) leads the
    # report: kept at the top, between its markers.
    kept = lead = ""
    marker = "<!-- hand-written sections below: report.py keeps them -->"
    lead_begin = "<!-- held-out section: report.py keeps it first -->"
    lead_end = "<!-- end of the held-out section -->"
    if os.path.exists(a.out):
        old = open(a.out).read()
        if marker in old:
            kept = "\n" + old[old.index(marker):]
        if lead_begin in old and lead_end in old:
            lead = old[old.index(lead_begin):old.index(lead_end) + len(lead_end)] + "\n\n"
    text = "\n".join(md).rstrip("\n") + "\n"
    if lead:
        title, rest = text.split("\n", 1)
        text = title + "\n\n" + lead + "## Tuned benchmark suite\n" + rest
    with open(a.out, "w") as f:
        f.write(text + kept)
    print(f"report.py: wrote {a.out}" + (f" and {len(made)} plots in {a.img}" if made else ""))


def plots(img, suite, anchors, sweep, gcells, check, stem):
    import matplotlib
    matplotlib.use("Agg")  # no display on the machines this runs on
    import matplotlib.pyplot as plt

    os.makedirs(img, exist_ok=True)
    made = []
    for real in PRECISIONS:
        fig, ax = plt.subplots(figsize=(7, 4.5))
        any_line = False
        for name in suite:
            pts = sorted((bt, gcells(s) * suite[name]["flops"])
                         for bt, s in sweep.get((real, name), [])
                         if gcells(s) is not None and check(s) != "FAIL")
            if pts:
                ax.plot([p[0] for p in pts], [p[1] for p in pts], marker="o", label=name,
                        linestyle="--" if suite[name]["dims"] == 3 else "-")
                any_line = True
        ax.set_xticks(sorted({bt for (r, _), v in sweep.items() if r == real for bt, _ in v}))
        ax.set_xlabel("temporal blocking degree bT (dashed: 3D)")
        ax.set_ylabel("GFLOP/s")
        ax.set_title(f"GFLOP/s against bT, radius-1 stencils, {real}")
        ax.grid(True, alpha=0.3)
        if any_line:
            ax.legend(fontsize=8)
        else:
            ax.text(0.5, 0.5, "no btsweep timing", ha="center", transform=ax.transAxes)
        f = f"gflops-vs-bt-{real}.png"
        fig.tight_layout()
        fig.savefig(os.path.join(img, f), dpi=120)
        plt.close(fig)
        made.append((f, f"GFLOP/s against bT, {real}"))

        names = list(suite)
        series = [
            ("stencilcc tuned", [gcells(stem(n, real, "tuned")) if check(stem(n, real, "tuned")) != "FAIL" else None for n in names]),
            ("AN5D", [num(anchors.get(n, {}).get(f"an5d_{real}_gcells")) for n in names]),
            ("EBISU", [num(anchors.get(n, {}).get(f"ebisu_{real}_gcells")) for n in names]),
            ("stencilcc naive", [gcells(stem(n, real, "naive")) if check(stem(n, real, "naive")) != "FAIL" else None for n in names]),
        ]
        fig, ax = plt.subplots(figsize=(14, 5))
        width = 0.8 / len(series)
        for k, (label, vals) in enumerate(series):
            xs = [i + (k - (len(series) - 1) / 2) * width for i, v in enumerate(vals) if v]
            ax.bar(xs, [v for v in vals if v], width, label=label)
        ax.set_yscale("log")
        ax.set_xticks(range(len(names)))
        ax.set_xticklabels(names, rotation=45, ha="right")
        ax.set_ylabel("GCells/s (log)")
        ax.set_title(f"GCells/s per stencil, {real} (missing bar: no figure)")
        ax.grid(True, axis="y", alpha=0.3)
        ax.legend(fontsize=8)
        f = f"bars-{real}.png"
        fig.tight_layout()
        fig.savefig(os.path.join(img, f), dpi=120)
        plt.close(fig)
        made.append((f, f"GCells/s per stencil, {real}"))
    return made


if __name__ == "__main__":
    main()
