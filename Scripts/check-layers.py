#!/usr/bin/env python3
"""Fails when a lower layer of PeregrineCore names a type owned by a higher one.

PeregrineCore's folders are layers in the order data flows (docs/Architecture.md):

    Memory < Input < Document < Value < Output < Coding < Binary < Streaming

A type is owned by the layer whose folder declares it. A file may name types of
its own layer and of the layers below; naming a type of a higher layer is a
violation. Two allowances keep the public names of DESIGN.md: `JSON` is the
namespace every public type lives in, so `extension JSON {` and `JSON.Name`
(where `Name` is owned at or below the file's layer) are not uses of the value
type `JSON`.

Only `Memory/` allocates: a file elsewhere fails too when it allocates raw
memory in any of the forms of ALLOCATION (`.allocate(` on any pointer type,
`malloc(`, `calloc(`, `realloc(`, `posix_memalign(`, a `ManagedBuffer<…>`
subclass or `.create(`).

`Scripts/layering-baseline.txt` lists the problems that were there when the
check began, each to be removed as it is fixed: a problem not listed fails,
and so does a listed one that is gone (take it off the list).

    Scripts/check-layers.py            # exit 0 when clean, 1 with a list otherwise
"""
import os
import re
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Sources", "PeregrineCore")
LAYERS = ["Memory", "Input", "Document", "Value", "Output", "Coding", "Binary", "Streaming"]
NAMESPACES = {"JSON"}
BASELINE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "layering-baseline.txt")

SCOPE = re.compile(
    r"\b(struct|class|enum|protocol|actor|extension|typealias)\s+([A-Za-z_][\w.]*)|([{}])"
)
KEYWORDS = {"func", "var", "let", "subscript", "init", "case"}
IDENTIFIER = re.compile(r"[A-Za-z_]\w*")
ALLOCATION = re.compile(
    r"\.allocate\(|\b(malloc|calloc|realloc|posix_memalign|aligned_alloc)\s*\(|\bManagedBuffer(Pointer)?\s*<"
)


def strip(text):
    """The source without comments and string literals (their words are not uses)."""
    out, i, n = [], 0, len(text)
    while i < n:
        if text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append("\n" * text.count("\n", i, j))  # keeps line numbers
            i = j
        elif text.startswith('"""', i):
            j = text.find('"""', i + 3)
            j = n if j < 0 else j + 3
            out.append('""' + "\n" * text.count("\n", i, j))
            i = j
        elif text[i] == '"':
            # A string's text is dropped; the code of its interpolations is kept.
            j = i + 1
            while j < n and text[j] != '"' and text[j] != "\n":
                if text.startswith("\\(", j):
                    depth, k = 1, j + 2
                    while k < n and depth and text[k] != "\n":
                        depth += {"(": 1, ")": -1}.get(text[k], 0)
                        k += 1
                    out.append(" " + text[j + 2:k - 1] + " ")
                    j = k
                else:
                    j += 2 if text[j] == "\\" else 1
            i = j + 1
            out.append('""')
        else:
            out.append(text[i])
            i += 1
    return "".join(out)


def declarations(text):
    """The types a file declares that other files can name: those at the top
    level or inside `extension JSON` (nested deeper, a type is named through
    its parent, which is checked instead). Private ones are file-local."""
    stack, pending = [], None
    for match in SCOPE.finditer(text):
        keyword, name, brace = match.groups()
        if brace == "{":
            stack.append(pending)
            pending = None
        elif brace == "}":
            if stack:
                stack.pop()
        elif name not in KEYWORDS:
            line_start = text.rfind("\n", 0, match.start()) + 1
            private = re.search(r"\b(private|fileprivate)\b", text[line_start:match.start()])
            scopes = [part for entry in stack for part in (entry or "?").split(".")]
            if keyword != "extension" and not private and all(s in NAMESPACES for s in scopes):
                yield name
            if keyword != "typealias":
                pending = name


def sources():
    for layer_index, layer in enumerate(LAYERS):
        folder = os.path.join(ROOT, layer)
        for directory, _, names in os.walk(folder):
            for name in sorted(names):
                if name.endswith(".swift"):
                    path = os.path.join(directory, name)
                    with open(path, encoding="utf-8") as f:
                        yield layer_index, os.path.relpath(path, ROOT), strip(f.read())


def main():
    files = list(sources())
    known = {os.path.relpath(os.path.join(d, n), ROOT)
             for d, _, ns in os.walk(ROOT) for n in ns if n.endswith(".swift")}
    stray = sorted(known - {path for _, path, _ in files})
    owner = {}
    for layer, _, text in files:
        for name in declarations(text):
            owner[name] = min(owner.get(name, layer), layer)
    problems = [f"{path}: not in a layer folder ({', '.join(LAYERS)})" for path in stray]
    for layer, path, text in files:
        if layer > 0 and ALLOCATION.search(text) and not path.startswith("Memory/"):
            problems.append(f"{path}: allocates memory outside Memory/")
        seen = set()
        for match in IDENTIFIER.finditer(text):
            name = match.group(0)
            higher = owner.get(name, -1)
            if higher <= layer or name in seen:
                continue
            if name in NAMESPACES:
                rest = text[match.end():]
                qualified = re.match(r"\.([A-Z]\w*)", rest)
                if re.match(r"\s*\{", rest) and text[:match.start()].rstrip().endswith("extension"):
                    continue
                if qualified and owner.get(qualified.group(1), -1) <= layer:
                    continue
            seen.add(name)
            line = text.count("\n", 0, match.start()) + 1
            problems.append(f"{path}:{line}: {LAYERS[layer]} names {name} (owned by {LAYERS[higher]})")
    known = set()
    if os.path.exists(BASELINE):
        with open(BASELINE, encoding="utf-8") as f:
            known = {line.strip() for line in f if line.strip() and not line.startswith("#")}
    # Line numbers move with every edit; the baseline names file and type.
    found = {re.sub(r":\d+:", ":", problem) for problem in problems}
    new = sorted(found - known)
    fixed = sorted(known - found)
    for problem in new:
        print(f"new: {problem}")
    for problem in fixed:
        print(f"fixed (remove it from {os.path.basename(BASELINE)}): {problem}")
    if new or fixed:
        print(f"layering check failed; the order is {' < '.join(LAYERS)}", file=sys.stderr)
        return 1
    print(f"layers: {len(files)} files in {' < '.join(LAYERS)}; "
          f"{len(found)} known problem(s) left in {os.path.basename(BASELINE)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
