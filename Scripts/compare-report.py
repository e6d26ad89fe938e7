#!/usr/bin/env python3
"""Turns the figures Scripts/compare.sh measured into the tables of
docs/Performance.md ("Against yyjson and Foundation") and its chart.

    python3 Scripts/compare-report.py FIGURES [CHART.svg]

FIGURES has one line per measurement, `LABEL FILE VALUE BYTES`: the lines
of `RAW=1 Scripts/instructions.sh` (VALUE: instructions per operation) and
`peak-PARSER FILE VALUE BYTES` (VALUE: peak resident bytes of one parse
beyond the input). Prints Markdown tables with the targets of issue 50 and
whether each holds; writes the chart when a path is given.
"""
import sys

from barchart import write_bar_chart

MODEL_FILES = ["twitter", "citm_catalog", "canada"]
TEXT_FILES = ["twitter", "citm_catalog", "canada", "twitter_public_timeline", "mesh"]

# (ours, theirs, label of ours, label of theirs, label of the ratio, target):
# a ratio labelled "… / yyjson …" is ours divided by theirs, at most the
# target; one labelled "Foundation / …" is theirs divided by ours, at least it.
MODEL_ROWS = [
    ("generated-decode", "yyjson-read", "`@JSONCodable` decode", "yyjson read", "generated decode / yyjson read", 2.0),
    ("generated-encode", "yyjson-write", "`@JSONCodable` encode", "yyjson write", "generated encode / yyjson write", 2.0),
    ("generated-encode-unescaped-slashes", "yyjson-write", "`@JSONCodable` encode, `/` unescaped (yyjson's text)", "yyjson write",
     "generated encode of yyjson's text / yyjson write", 2.0),
    ("decode", "foundation-decode", "`JSON.Decoder`, `Codable`", "Foundation `JSONDecoder`", "Foundation / `JSON.Decoder`", 5.0),
    ("outside-decode", "foundation-outside-decode", "`JSON.Decoder`, twitter model written outside the project",
     "Foundation `JSONDecoder`, the same model", "Foundation / `JSON.Decoder`, that model", 5.0),
]
TEXT_ROWS = [
    ("document", "yyjson-read", "`JSON.Document(parsing:)`", "yyjson read", "document / yyjson read", 1.25),
    ("value", "yyjson-read", "`JSON(parsing:)`", "yyjson read", "value / yyjson read", 2.5),
    ("serialize", "yyjson-write", "`serialized()`", "yyjson write", "serialize / yyjson write", 1.5),
]
# (parser, label, target in multiples of the input, or the parser whose figure is the target)
MEMORY_ROWS = [
    ("peak-document", "`JSON.Document(parsing:)`", "peak-yyjson-read"),
    ("peak-value", "`JSON(parsing:)`", 5.0),
    ("peak-yyjson-read", "yyjson read", None),
    ("peak-records-decode", "`JSON.Decoder`, `[ArrayRecord]`", None),
    ("peak-records-generated-decode", "`JSON.Decoder`, `[GeneratedArrayRecord]`", None),
]


def load(path):
    figures = {}
    for line in open(path):
        parts = line.split()
        if len(parts) == 4:
            figures[(parts[0], parts[1])] = (int(parts[2]), int(parts[3]))
    return figures


def millions(value):
    return f"{value / 1e6:.3f}M" if value < 1e6 else f"{value / 1e6:.2f}M"


def ratio_table(figures, rows, files):
    lines = ["| | " + " | ".join(files) + " | target | holds |", "|---|" + "---:|" * len(files) + "---|---|"]
    for ours, theirs, our_label, their_label, comparison, target in rows:
        divides = comparison.startswith("Foundation")  # theirs / ours, at least the target
        present = [file for file in files if (ours, file) in figures and (theirs, file) in figures]
        if not present:
            continue
        ratios, held = [], 0
        for file in files:
            if file not in present:
                ratios.append("–")
                continue
            mine, other = figures[(ours, file)][0], figures[(theirs, file)][0]
            ratio = other / mine if divides else mine / other
            holds = ratio >= target if divides else ratio <= target
            held += holds
            ratios.append(f"{ratio:.2f}×")
        cells = lambda label: [millions(figures[(label, file)][0]) if file in present else "–" for file in files]
        sign = "≥" if divides else "≤"
        lines.append(f"| {our_label} | " + " | ".join(cells(ours)) + " | | |")
        lines.append(f"| {their_label} | " + " | ".join(cells(theirs)) + " | | |")
        lines.append(f"| {comparison} | " + " | ".join(ratios) + f" | {sign} {target:g}× | {held} of {len(present)} |")
    return "\n".join(lines)


def memory_table(figures):
    rows = [row for row in MEMORY_ROWS if any(key[0] == row[0] for key in figures)]
    if not rows:
        return ""
    file = next(key[1] for key in figures if key[0] == rows[0][0])
    size = figures[(rows[0][0], file)][1]
    lines = [f"| one parse of a {size / 2**20:.0f} MiB array ({size:,} bytes) | peak memory beyond the input | × the input | target | holds |",
             "|---|---:|---:|---|---|"]
    for parser, label, target in rows:
        if (parser, file) not in figures:
            continue
        peak = figures[(parser, file)][0]
        multiple = peak / size
        if target is None:
            goal, holds = "", ""
        else:
            limit = target if isinstance(target, float) else figures[(target, file)][0] / size
            goal = f"≤ {limit:.1f}×" if isinstance(target, float) else f"≤ yyjson's ({limit:.1f}×)"
            holds = "yes" if multiple <= limit else "no"
        lines.append(f"| {label} | {peak / 2**20:,.0f} MiB | {multiple:.1f}× | {goal} | {holds} |")
    return "\n".join(lines)


def chart(figures, path):
    """Decoding each model file: Foundation, `Codable`, generated, and yyjson's
    read, as Foundation's instructions divided by each one's."""
    series = [("foundation-decode", "Foundation JSONDecoder"), ("decode", "Peregrine JSON.Decoder, Codable"),
              ("generated-decode", "Peregrine JSON.Decoder, @JSONCodable"), ("yyjson-read", "yyjson read (no model)")]
    bars = {}
    for file in MODEL_FILES:
        if ("foundation-decode", file) not in figures:
            continue
        foundation = figures[("foundation-decode", file)][0]
        for index, (label, _) in enumerate(series):
            if (label, file) in figures:
                value = figures[(label, file)][0]
                bars[(f"{file}.json", index)] = (foundation / value, f"{millions(value)} ({foundation / value:.1f}×)")
    if bars:
        write_bar_chart(path, "Decoding a model: instructions, and Foundation's divided by each (higher is better)",
                        [f"{file}.json" for file in MODEL_FILES], [label for _, label in series], bars)


if __name__ == "__main__":
    figures = load(sys.argv[1])
    print(ratio_table(figures, MODEL_ROWS, MODEL_FILES))
    print()
    print(ratio_table(figures, TEXT_ROWS, TEXT_FILES))
    print()
    print(memory_table(figures))
    if len(sys.argv) > 2:
        chart(figures, sys.argv[2])
