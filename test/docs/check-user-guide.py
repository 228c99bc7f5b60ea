#!/usr/bin/env python3
"""Checks docs/user-guide.md against what it documents.

  check-user-guide.py HELP_TEXT GUIDE REJECT_DIR

HELP_TEXT is the output of `stencilcc --help`. Two checks:
- options: the table between `<!-- options:begin` and `<!-- options:end -->`
  lists exactly the options of --help, and each row of an option with named
  values (`--exchange=scr|mcr`) names every value;
- diagnostics: between `<!-- diagnostics:begin` and `<!-- diagnostics:end -->`,
  each quoted diagnostic block is, line for line, the one its test in
  REJECT_DIR checks, each table row's message is that test's error, and every
  test in REJECT_DIR has a row.
Prints each mismatch and exits 1 if there is any.
"""
import os
import re
import sys

OPTION = re.compile(r"^-{1,2}([A-Za-z][A-Za-z0-9-]*)")


def section(text, name):
    m = re.search(r"<!-- %s:begin.*?-->(.*?)<!-- %s:end -->" % (name, name),
                  text, re.S)
    if not m:
        sys.exit("error: no '<!-- %s:begin' ... '<!-- %s:end -->' section "
                 "in the guide" % (name, name))
    return m.group(1)


def help_options(help_text):
    """{name: [values]} from `stencilcc --help`, and the spelling it shows."""
    options, shown, last = {}, {}, None
    for line in help_text.splitlines():
        m = re.match(r"^  (-{1,2}[A-Za-z][A-Za-z0-9-]*)", line)
        if m:
            last = OPTION.match(m.group(1)).group(1)
            options.setdefault(last, [])
            shown[last] = m.group(1)
            continue
        v = re.match(r"^    =([A-Za-z0-9_-]+)\s", line)
        if v and last:
            options[last].append(v.group(1))
    return options, shown


def guide_options(table):
    rows = {}
    for line in table.splitlines():
        m = re.match(r"^\|\s*`([^`]+)`", line)
        if not m:
            continue
        o = OPTION.match(m.group(1))
        if o:
            if o.group(1) in rows:
                yield "option listed twice in the guide: %s" % m.group(1)
            rows[o.group(1)] = line
    guide_options.rows = rows


def check_options(help_text, guide):
    errors = []
    options, shown = help_options(help_text)
    if not options:
        return ["no options found in the --help text"]
    errors += list(guide_options(section(guide, "options")))
    rows = guide_options.rows
    for name in sorted(set(options) - set(rows)):
        errors.append("in --help but not in the guide: %s" % shown[name])
    for name in sorted(set(rows) - set(options)):
        errors.append("in the guide but not in --help: %s" %
                      re.match(r"^\|\s*`([^`]+)`", rows[name]).group(1))
    for name in sorted(set(options) & set(rows)):
        for value in options[name]:
            if not re.search(r"(?<![A-Za-z0-9_-])%s(?![A-Za-z0-9_-])" %
                             re.escape(value), rows[name]):
                errors.append("the guide's row for %s does not name its "
                              "value '%s'" % (shown[name], value))
    return errors


def reject_checks(reject_dir, name):
    path = os.path.join(reject_dir, name)
    if not os.path.isfile(path):
        return None
    lines = []
    with open(path) as f:
        for line in f:
            m = re.match(r"^// CHECK(?:-NEXT)?: (.*)$", line.rstrip("\n"))
            if m:
                lines.append(m.group(1).replace("{{.*}}", "", 1))
    return lines


def check_diagnostics(guide, reject_dir):
    errors = []
    text = section(guide, "diagnostics")
    for block in re.findall(r"```\n(.*?)```", text, re.S):
        lines = block.rstrip("\n").split("\n")
        m = re.match(r"^(\S+\.c):\d+:\d+: error: ", lines[0])
        if not m:
            errors.append("a quoted block does not start with "
                          "'<file>.c:L:C: error:': %s" % lines[0])
            continue
        want = reject_checks(reject_dir, m.group(1))
        if want is None:
            errors.append("no test %s for the quoted diagnostic" % m.group(1))
        elif lines != want:
            errors.append("the quoted diagnostic of %s differs from its "
                          "test:\n  guide: %s\n  test:  %s" %
                          (m.group(1), "\n         ".join(lines),
                           "\n         ".join(want)))
    listed = set()
    for name, message in re.findall(r"^\|\s*`(\S+\.c)`\s*\|\s*`([^|]*)`",
                                    text, re.M):
        listed.add(name)
        want = reject_checks(reject_dir, name)
        if want is None:
            errors.append("no test %s for the guide's row" % name)
        elif not any(l.endswith("error: " + message) for l in want):
            errors.append("the guide gives %s the error '%s'; its test "
                          "checks: %s" % (name, message,
                                          [l for l in want if "error:" in l]))
    for name in sorted(os.listdir(reject_dir)):
        if name.endswith(".c") and name not in listed:
            errors.append("rejection test %s is not in the guide's table" %
                          name)
    return errors


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    with open(sys.argv[1]) as f:
        help_text = f.read()
    with open(sys.argv[2]) as f:
        guide = f.read()
    errors = check_options(help_text, guide)
    errors += check_diagnostics(guide, sys.argv[3])
    for e in errors:
        print("%s: %s" % (sys.argv[2], e), file=sys.stderr)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
