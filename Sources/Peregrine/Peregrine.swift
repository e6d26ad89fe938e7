// `import Peregrine` brings the whole library: the core (input, documents,
// values, output, coders, the binary format, streaming) and the query
// languages (JSON Pointer, JSONPath, the slash language, JSON Patch, diff).
// Their layers are described in docs/Architecture.md.
@_exported import PeregrineCore
@_exported import PeregrineQuery
