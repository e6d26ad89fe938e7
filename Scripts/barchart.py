"""The SVG bar chart of docs/Performance.md's figures, in plain Python.

Used by Scripts/benchmark-report.py (speed against Foundation) and
Scripts/compare-report.py (instructions against Foundation and yyjson).
"""
from pathlib import Path

COLORS = ["#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf"]


def escape(text):
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def write_bar_chart(path, title, groups, series, bars):
    """Writes a horizontal bar chart: one group of bars per entry of `groups`
    (a label each), one bar per entry of `series` (the legend's labels) in
    each group. `bars[(group, series_index)]` is `(length, text)`: the bar's
    length on a shared linear scale and the text written after it; a missing
    entry leaves its bar out."""
    bar, gap, left, width = 12, 14, 250, 460
    top = max(length for length, _ in bars.values())
    height = 40 + len(groups) * (len(series) * bar + gap) + 20 * len(series)
    svg = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{left + width + 120}" height="{height}" font-family="sans-serif" font-size="11">',
           f'<text x="10" y="18" font-size="13" font-weight="bold">{escape(title)}</text>']
    y = 34
    for group in groups:
        svg.append(f'<text x="10" y="{y + len(series) * bar / 2 + 4}" font-weight="bold">{escape(group)}</text>')
        for index in range(len(series)):
            entry = bars.get((group, index))
            if entry is not None:
                length = width * entry[0] / top
                svg.append(f'<rect x="{left}" y="{y}" width="{length:.1f}" height="{bar - 2}" fill="{COLORS[index]}"/>')
                svg.append(f'<text x="{left + length + 4:.1f}" y="{y + bar - 3}">{escape(entry[1])}</text>')
            y += bar
        y += gap
    for index, label in enumerate(series):
        svg.append(f'<rect x="{left}" y="{y}" width="10" height="10" fill="{COLORS[index]}"/>')
        svg.append(f'<text x="{left + 14}" y="{y + 9}">{escape(label)}</text>')
        y += 20
    svg.append("</svg>")
    Path(path).write_text("\n".join(svg) + "\n")
