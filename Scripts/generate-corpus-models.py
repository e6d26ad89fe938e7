#!/usr/bin/env python3
"""Generates Codable models for corpus files (twitter.json, citm_catalog.json,
canada.json) by inferring every field's type from the data: the union of the
keys seen at each place, optional when a key is missing or null somewhere,
Int or Double by the numbers seen. The models are used by the differential
tests against Foundation and by the Codable benchmarks (the CorpusModels
target, which the test targets share).

    python3 Scripts/generate-corpus-models.py ../shared/corpus Tests/CorpusModels/Codable Tests/CorpusModels/Direct

The second folder gets the same models as `@JSONCodable` types (prefixed
`Generated`), for the direct coders' tests and benchmarks.
"""
import json
import keyword
import re
import sys
from pathlib import Path

SWIFT_KEYWORDS = {"default", "protocol", "class", "struct", "var", "let", "func", "in", "is", "as", "case",
                  "self", "Type", "extension", "import", "return", "private", "public", "static", "true", "false"}


class Shape:
    def __init__(self):
        self.kinds = set()  # "null", "bool", "int", "double", "string", "array", "object"
        self.element = None  # Shape of array elements
        self.fields = {}  # key -> Shape
        self.objects = 0  # how many objects seen
        self.presence = {}  # key -> count


def observe(shape, value):
    if value is None:
        shape.kinds.add("null")
    elif isinstance(value, bool):
        shape.kinds.add("bool")
    elif isinstance(value, int):
        shape.kinds.add("int")
    elif isinstance(value, float):
        shape.kinds.add("double")
    elif isinstance(value, str):
        shape.kinds.add("string")
    elif isinstance(value, list):
        shape.kinds.add("array")
        shape.element = shape.element or Shape()
        for item in value:
            observe(shape.element, item)
    else:
        shape.kinds.add("object")
        shape.objects += 1
        for key, item in value.items():
            shape.presence[key] = shape.presence.get(key, 0) + 1
            observe(shape.fields.setdefault(key, Shape()), item)


def merge(into, shape):
    """Adds everything `shape` has seen to `into`."""
    into.kinds |= shape.kinds
    into.objects += shape.objects
    for key, count in shape.presence.items():
        into.presence[key] = into.presence.get(key, 0) + count
    for key, field in shape.fields.items():
        merge(into.fields.setdefault(key, Shape()), field)
    if shape.element:
        into.element = into.element or Shape()
        merge(into.element, shape.element)


def camel(name, upper):
    parts = [p for p in re.split(r"[^A-Za-z0-9]+", name) if p]
    if not parts:
        parts = ["value"]
    text = parts[0] + "".join(p[:1].upper() + p[1:] for p in parts[1:])
    if text[0].isdigit():
        text = "_" + text
    text = (text[:1].upper() if upper else text[:1].lower()) + text[1:]
    return text


class Generator:
    def __init__(self, prefix, macro=False):
        self.prefix = prefix
        # `@JSONCodable` models: the attribute and `@Key`s instead of `Codable` and `CodingKeys`.
        self.macro = macro
        self.structs = []
        self.names = set()
        self.bodies = {}

    def type_name(self, hint):
        name = self.prefix + camel(hint, True)
        base, n = name, 2
        while name in self.names:
            name, n = f"{base}{n}", n + 1
        self.names.add(name)
        return name

    def swift_type(self, shape, hint):
        kinds = shape.kinds - {"null"}
        if kinds == {"object"} and shape.fields and all(key.isdigit() for key in shape.fields):
            # Objects keyed by ids are dictionaries of one value shape.
            merged = Shape()
            for field in shape.fields.values():
                merge(merged, field)
            value = self.swift_type(merged, hint + "Value")
            return f"[String: {value}]"
        if kinds == {"object"}:
            return self.struct(shape, hint)
        if kinds == {"array"}:
            element = shape.element if shape.element and shape.element.kinds else None
            inner = self.swift_type(element, hint + "Item") if element else "JSONNull"
            if element and "null" in element.kinds and not inner.endswith("?"):
                inner += "?"
            return f"[{inner}]"
        if kinds == {"bool"}:
            return "Bool"
        if kinds == {"int"}:
            return "Int64"
        if kinds <= {"int", "double"} and kinds:
            return "Double"
        if kinds == {"string"}:
            return "String"
        if not kinds:
            return "JSONNull"
        raise SystemExit(f"mixed kinds at {hint}: {kinds}")

    def struct(self, shape, hint):
        body = self.struct_body(shape)
        # The same shape in several places (a retweet's user and a tweet's user) is one type.
        if body in self.bodies:
            return self.bodies[body]
        name = self.type_name(hint)
        self.bodies[body] = name
        header = f"@JSONCodable\npublic struct {name}: Equatable, Sendable {{\n" if self.macro else f"public struct {name}: Codable, Equatable, Sendable {{\n"
        self.structs.append(header + body + "}")
        return name

    def struct_body(self, shape):
        lines = []
        keys_lines = []
        needs_keys = False
        for key, field in shape.fields.items():
            prop = camel(key, False)
            if prop in SWIFT_KEYWORDS:
                prop = "`" + prop + "`"
            ftype = self.swift_type(field, key)
            optional = "null" in field.kinds or shape.presence[key] < shape.objects
            if optional and not ftype.endswith("?"):
                ftype += "?"
            plain = prop.strip("`")
            if self.macro and plain != key:
                lines.append(f"    @Key({json.dumps(key)}) public var {prop}: {ftype}")
            else:
                lines.append(f"    public var {prop}: {ftype}")
            if plain != key:
                needs_keys = True
                keys_lines.append(f"        case {prop} = {json.dumps(key)}")
            else:
                keys_lines.append(f"        case {prop}")
        if needs_keys and not self.macro:
            lines.append("")
            lines.append("    enum CodingKeys: String, CodingKey {")
            lines.extend(keys_lines)
            lines.append("    }")
        return "\n".join(lines) + "\n"


def main():
    corpus, output, macro_output = Path(sys.argv[1]), Path(sys.argv[2]), Path(sys.argv[3])
    for file, prefix in [("twitter.json", "Twitter"), ("citm_catalog.json", "Citm"), ("canada.json", "Canada")]:
        data = json.loads((corpus / file).read_text())
        shape = Shape()
        observe(shape, data)
        for macro, folder, name in [(False, output, prefix), (True, macro_output, "Generated" + prefix)]:
            generator = Generator(name, macro)
            root = generator.swift_type(shape, "Root")
            source = [f"// Generated by Scripts/generate-corpus-models.py from {file}. Do not edit.", ""]
            source += ["import PeregrineMacros", ""] if macro else []
            source += [f"public typealias {name}Model = {root}", ""]
            source += [s + "\n" for s in generator.structs]
            (folder / f"{name}Model.swift").write_text("\n".join(source))
    (output / "JSONNull.swift").write_text(
        "// Generated by Scripts/generate-corpus-models.py. Do not edit.\n\n"
        "/// A field that is always null in the corpus.\n"
        "public struct JSONNull: Codable, Equatable, Sendable {\n"
        "    public init(from decoder: any Decoder) throws {\n"
        "        let container = try decoder.singleValueContainer()\n"
        "        guard container.decodeNil() else {\n"
        "            throw DecodingError.typeMismatch(JSONNull.self, .init(codingPath: decoder.codingPath, debugDescription: \"expected null\"))\n"
        "        }\n"
        "    }\n\n"
        "    public func encode(to encoder: any Encoder) throws {\n"
        "        var container = encoder.singleValueContainer()\n"
        "        try container.encodeNil()\n"
        "    }\n"
        "}\n")


if __name__ == "__main__":
    main()
