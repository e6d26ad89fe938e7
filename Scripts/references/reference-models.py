#!/usr/bin/env python3
"""The corpus models of Tests/CorpusModels/Direct as types of the reference
decoders that Scripts/reference-decoders.sh measures:

    reference-models.py rust FILE.swift...       # serde structs (`#[derive(Deserialize)]`)
    reference-models.py simdjson FILE.swift...   # C++ structs, simdjson On-Demand readers
    reference-models.py yyjson FILE.swift...     # C++ structs, readers of yyjson's document

Every property keeps its type: `String` an owned string (`String`,
`std::string`), `Int64` a 64-bit integer, `Double` a double, `Bool` a bool,
`T?` an optional, `[T]` a vector, `[String: T]` a hash map, `JSONNull` a
unit that only `null` decodes to. Unknown members are skipped, as the
generated Swift decoders skip them. The C++ readers look each property up
by name in declaration order, from where the last lookup ended: On-Demand's
`object["name"]`, the use its documentation recommends, and yyjson's
`yyjson_obj_iter_getn`, made for keys looked up in a known order.
"""
import re
import sys

SCALARS = {
    "rust": {"String": "String", "Int64": "i64", "Int": "i64", "Double": "f64", "Bool": "bool", "JSONNull": "()"},
    "cpp": {"String": "std::string", "Int64": "int64_t", "Int": "int64_t", "Double": "double", "Bool": "bool", "JSONNull": "Null"},
}


def type_name(language, swift):
    swift = swift.strip()
    if swift.endswith("?"):
        inner = type_name(language, swift[:-1])
        return f"Option<{inner}>" if language == "rust" else f"std::optional<{inner}>"
    dictionary = re.fullmatch(r"\[(\w+)\s*:\s*(.+)\]", swift)
    if dictionary:
        value = type_name(language, dictionary.group(2))
        return f"HashMap<String, {value}>" if language == "rust" else f"std::unordered_map<std::string, {value}>"
    if swift.startswith("[") and swift.endswith("]"):
        element = type_name(language, swift[1:-1])
        return f"Vec<{element}>" if language == "rust" else f"std::vector<{element}>"
    return SCALARS[language].get(swift, swift)


def models(paths):
    """(root alias, root type, [(struct, [(key, property, swift type)])]) per file."""
    for path in paths:
        source = open(path).read()
        alias = re.search(r"typealias (\w+) = (\w+)", source)
        structs = []
        for match in re.finditer(r"public struct (\w+)[^{]*\{(.*?)\n\}", source, re.S):
            properties = []
            for line in match.group(2).splitlines():
                found = re.search(r'(?:@Key\("([^"]+)"\)\s*)?public var (\w+): (.+)$', line.strip())
                if found:
                    properties.append((found.group(1) or found.group(2), found.group(2), found.group(3).strip()))
            structs.append((match.group(1), properties))
        yield alias.group(1), alias.group(2), structs


def rust(paths):
    lines = ["use serde::Deserialize;", "use std::collections::HashMap;", ""]
    for alias, root, structs in models(paths):
        lines.append(f"pub type {alias} = {root};")
        for name, properties in structs:
            lines += ["#[derive(Deserialize)]", "#[allow(dead_code, non_snake_case)]", f"pub struct {name} {{"]
            for key, property, swift in properties:
                lines.append(f'    #[serde(rename = "{key}")]')
                lines.append(f"    pub r#{property}: {type_name('rust', swift)},")
            lines += ["}", ""]
    return lines


def cpp(paths, library):
    """C++ structs, then a `read(value, out)` for each, for `library`'s values."""
    declarations, readers = [], []
    value = "ondemand::value value" if library == "simdjson" else "yyjson_val* value"
    for alias, root, structs in models(paths):
        declarations.append(f"using {alias} = struct {root};")
        for name, properties in structs:
            declarations.append(f"struct {name} {{")
            declarations += [f"    {type_name('cpp', swift)} {property}_;" for _, property, swift in properties]
            declarations.append("};")
            readers.append(f"void read({value}, {name}& out) {{")
            if library == "simdjson":
                readers.append("    ondemand::object object = value.get_object();")
            else:
                readers.append("    if (!yyjson_is_obj(value)) throw INCORRECT_TYPE;")
                readers.append("    yyjson_obj_iter object = yyjson_obj_iter_with(value);")
            for key, property, swift in properties:
                optional = swift.endswith("?")  # the member may be missing as well as null
                if library == "simdjson" and optional:
                    readers.append(f'    {{ auto member = object["{key}"]; if (member.error() != NO_SUCH_FIELD) read(member.value(), out.{property}_); }}')
                elif library == "simdjson":
                    readers.append(f'    read(object["{key}"].value(), out.{property}_);')
                else:
                    found = f'yyjson_val* member = yyjson_obj_iter_getn(&object, "{key}", {len(key.encode())})'
                    missing = "" if optional else " else throw NO_SUCH_FIELD;"
                    readers.append(f"    if ({found}) read(member, out.{property}_);{missing}")
            readers.append("}")
    prototypes = [line.replace(" {", ";") for line in readers if line.startswith("void read(")]
    return declarations + prototypes + readers


if __name__ == "__main__":
    if len(sys.argv) < 3 or sys.argv[1] not in ("rust", "simdjson", "yyjson"):
        sys.exit("usage: reference-models.py rust|simdjson|yyjson FILE.swift...")
    print("\n".join(rust(sys.argv[2:]) if sys.argv[1] == "rust" else cpp(sys.argv[2:], sys.argv[1])))
