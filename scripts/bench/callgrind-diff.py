#!/usr/bin/env python3
"""Where one server spends more instructions a request than another: each function's own
(exclusive) instructions in two callgrind profiles, divided by the requests each profile
counted, the difference A - B, largest first.

Usage: scripts/bench/callgrind-diff.py 'A*.callgrind' REQUESTS_A 'B*.callgrind' REQUESTS_B [TOP]

A side is one file or a quoted pattern of several, added up (one file a thread). The profiles are
what `KEEP_PROFILES=DIR scripts/bench-request-instructions.sh` keeps, e.g.
`scripts/bench/callgrind-diff.py 'DIR/tidings-health-plain.*' 40 'DIR/ceiling-health-plain.*' 40`
(Tidings and the ceiling answering the same page). Names are demangled with `swift demangle --simplified`
when the toolchain is on PATH. Exclusive costs add up to the totals, so the rows say where the
difference is; inclusive costs through Swift's async frames include the continuations that run
after them and are not read here.
"""

import glob
import re
import shutil
import subprocess
import sys
from collections import defaultdict


def exclusive(path):
    """Function name -> instructions spent in it (its calls not included), and the total."""
    names = {}  # compressed id -> name, per kind ("fn", "cfn" share one table)
    costs = defaultdict(int)
    function = None
    after_calls = False
    total = 0
    with open(path, errors="replace") as lines:
        for line in lines:
            if line.startswith("fn="):
                function = name(line[3:].strip(), names)
                after_calls = False
            elif line.startswith(("cfn=", "cfi=", "cfl=", "cob=", "ob=", "fl=", "fi=", "fe=")):
                if line.startswith("cfn="):
                    name(line[4:].strip(), names)
            elif line.startswith("calls="):
                after_calls = True
            elif line[:1].isdigit() or line[:1] in "+-*":
                if after_calls:  # the inclusive cost of the call just named: not this function's own
                    after_calls = False
                    continue
                fields = line.split()
                if len(fields) >= 2 and function is not None:
                    cost = int(fields[1])
                    costs[function] += cost
                    total += cost
    return costs, total


def name(field, names):
    """Resolves callgrind's name compression: "(12) name" defines id 12, "(12)" refers to it."""
    match = re.match(r"\((\d+)\)\s*(.*)", field)
    if not match:
        return field
    key, text = match.groups()
    if text:
        names[key] = text
        return text
    return names.get(key, f"({key})")


def demangled(symbols):
    swift = shutil.which("swift")
    if not swift or not symbols:
        return symbols
    result = subprocess.run(
        [swift, "demangle", "--simplified"], input="\n".join(symbols), capture_output=True, text=True
    )
    out = result.stdout.splitlines()
    return out if result.returncode == 0 and len(out) == len(symbols) else symbols


def profile(pattern):
    """Each function's own instructions and the total, over the files `pattern` names."""
    paths = sorted(glob.glob(pattern)) or sys.exit(f"callgrind-diff: no file matches {pattern}")
    costs, total = defaultdict(int), 0
    for path in paths:
        file_costs, file_total = exclusive(path)
        for function, cost in file_costs.items():
            costs[function] += cost
        total += file_total
    return costs, total


def main():
    if len(sys.argv) < 5:
        sys.exit(__doc__)
    a, na, b, nb = sys.argv[1], int(sys.argv[2]), sys.argv[3], int(sys.argv[4])
    top = int(sys.argv[5]) if len(sys.argv) > 5 else 40
    costs_a, total_a = profile(a)
    costs_b, total_b = profile(b)
    rows = []
    for function in set(costs_a) | set(costs_b):
        per_a = costs_a.get(function, 0) / na
        per_b = costs_b.get(function, 0) / nb
        rows.append((per_a - per_b, per_a, per_b, function))
    rows.sort(key=lambda row: -abs(row[0]))
    rows = rows[:top]
    names = demangled([row[3] for row in rows])
    print(f"a request: A {total_a / na:,.0f}, B {total_b / nb:,.0f}, A - B {total_a / na - total_b / nb:,.0f}")
    print(f"{'A - B':>9} {'A':>9} {'B':>9}  function")
    for (difference, per_a, per_b, _), label in zip(rows, names):
        print(f"{difference:>9,.0f} {per_a:>9,.0f} {per_b:>9,.0f}  {label[:160]}")


if __name__ == "__main__":
    main()
