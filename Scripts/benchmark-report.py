#!/usr/bin/env python3
"""Turns a package-benchmark JMH export into the performance table of
docs/Performance.md and its chart.

    cd Benchmarks
    swift package --disable-sandbox --allow-writing-to-directory ../.benchmarks \\
        benchmark --format jmh --path ../.benchmarks
    cd ..
    python3 Scripts/benchmark-report.py .benchmarks/Current_run.jmh.json

Prints a Markdown table (median throughput in MB/s, ratio to Foundation,
mallocs per operation, peak resident memory) and writes docs/benchmarks.svg
(unless a second argument, such as `--no-chart`, is given).
Benchmark names are `operation/file/implementation` (see
Benchmarks/Benchmarks/ParseAndWrite/ParseAndWrite.swift).
"""
import json
import os
import sys
from pathlib import Path

from barchart import write_bar_chart

CORPUS = Path(os.environ.get("PEREGRINE_CORPUS", Path(__file__).resolve().parent.parent.parent / "shared" / "corpus"))
FILES = ["twitter", "citm_catalog", "canada", "twitter_public_timeline", "mesh"]
ROWS = [  # (operation, implementation, label, baseline implementation)
    ("parse", "Peregrine.Document", "JSON.Document(parsing:)", "Foundation.JSONSerialization"),
    ("parse", "Peregrine.JSON", "JSON(parsing:)", "Foundation.JSONSerialization"),
    ("parse", "Peregrine.Parser", "JSON.Parser.parse (reused)", "Foundation.JSONSerialization"),
    ("parse", "Foundation.JSONSerialization", "JSONSerialization.jsonObject", None),
    ("write", "Peregrine.JSON", "serialized()", "Foundation.JSONSerialization"),
    ("write-pretty", "Peregrine.JSON", "serialized([.prettyPrinted])", "Foundation.JSONSerialization"),
    ("write-sorted", "Peregrine.JSON", "serialized([.sortedKeys])", "Foundation.JSONSerialization"),
    ("write", "Foundation.JSONSerialization", "JSONSerialization.data", None),
    ("decode", "Peregrine.JSON.Decoder", "JSON.Decoder (model)", "Foundation.JSONDecoder"),
    ("decode", "Foundation.JSONDecoder", "JSONDecoder (model)", None),
    ("encode", "Peregrine.JSON.Encoder", "JSON.Encoder (model)", "Foundation.JSONEncoder"),
    ("encode", "Foundation.JSONEncoder", "JSONEncoder (model)", None),
]


def load(path):
    results = {}
    for entry in json.loads(Path(path).read_text()):
        name = entry["benchmark"].split(".", 3)[-1]  # package.benchmark.Target.name
        operation, file, implementation = name.split("/", 2)
        size = (CORPUS / f"{file}.json").stat().st_size
        throughput = entry["primaryMetric"]["scorePercentiles"]["50.0"]  # operations per second
        secondary = entry.get("secondaryMetrics", {})
        results[(operation, file, implementation)] = {
            "mbps": throughput * size / 1e6,
            "mallocs": secondary.get("Malloc (total)", {}).get("scorePercentiles", {}).get("50.0"),
            "peak": secondary.get("Memory (resident peak)", {}).get("scorePercentiles", {}).get("50.0"),
        }
    return results


def table(results):
    lines = ["| operation | " + " | ".join(FILES) + " |", "|---|" + "---:|" * len(FILES)]
    for operation, implementation, label, baseline in ROWS:
        if not any((operation, file, implementation) in results for file in FILES):
            continue
        cells = []
        for file in FILES:
            result = results.get((operation, file, implementation))
            if result is None:
                cells.append("–")
                continue
            cell = f"{result['mbps']:,.0f} MB/s"
            if baseline:
                base = results[(operation, file, baseline)]
                cell += f" ({result['mbps'] / base['mbps']:.1f}×)"
            cells.append(cell)
        lines.append(f"| {label} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def details(results):
    lines = ["| benchmark | MB/s | mallocs | peak RSS |", "|---|---:|---:|---:|"]
    for (operation, file, implementation), result in sorted(results.items()):
        mallocs = "–" if result["mallocs"] is None else f"{result['mallocs']:,.0f}"
        peak = "–" if result["peak"] is None else f"{result['peak'] / 2**20:,.0f} MiB"
        lines.append(f"| {operation}/{file}/{implementation} | {result['mbps']:,.0f} | {mallocs} | {peak} |")
    return "\n".join(lines)


def chart(results, path):
    """A horizontal bar chart of the ratio to Foundation, one group per file."""
    series = [(op, impl, label) for op, impl, label, base in ROWS
              if base and any((op, file, impl) in results for file in FILES)]
    baselines = {(op, impl): base for op, impl, _, base in ROWS}
    bars = {}
    for file in FILES:
        for index, (op, impl, _) in enumerate(series):
            if (op, file, impl) in results:
                ratio = results[(op, file, impl)]["mbps"] / results[(op, file, baselines[(op, impl)])]["mbps"]
                bars[(f"{file}.json", index)] = (ratio, f"{ratio:.1f}×")
    write_bar_chart(path, "Speed relative to Foundation (median, higher is better)",
                    [f"{file}.json" for file in FILES], [label for _, _, label in series], bars)


if __name__ == "__main__":
    results = load(sys.argv[1] if len(sys.argv) > 1 else ".benchmarks/Current_run.jmh.json")
    print(table(results))
    print()
    print(details(results))
    if len(sys.argv) <= 2:
        chart(results, Path(__file__).resolve().parent.parent / "docs" / "benchmarks.svg")
