"""Checks that the flags --plan-only prints rebuild the plans it ranked.

Usage: rerun-plans.py STENCILCC PLAN-ONLY.json INPUT.c [clang args...]
For every ranked plan of every region, runs STENCILCC on INPUT.c with the
plan's flags and compares the plan line of the generated code with the
plan's summary. Prints one line per plan checked; exits 1 on a mismatch.
"""
import json
import re
import subprocess
import sys

stencilcc, report, source = sys.argv[1:4]
extra = sys.argv[4:]
with open(report) as f:
    regions = json.load(f)["regions"]
failed = False
for region in regions:
    for plan in region["plans"]:
        out = subprocess.run([stencilcc, source, "-o", "-"] + plan["flags"].split() + extra,
                             capture_output=True, text=True)
        lines = re.findall(r"^// plan: (.*)$", out.stdout, re.M)
        got = lines[region["index"]] if len(lines) > region["index"] else out.stderr.strip()
        ok = got == plan["summary"]
        failed |= not ok
        print("region %d rank %d: %s" % (region["index"], plan["rank"],
                                          "same plan" if ok else "DIFFERS: %s vs %s" % (got, plan["summary"])))
sys.exit(1 if failed else 0)
