import Peregrine

/// The input's first line is a query, the rest a document: compiles it as
/// JSONPath, the slash language and a JSON Pointer, and runs each on both
/// the value and the document (which must agree).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzQuery(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let bytes = start.map { Array(UnsafeRawBufferPointer(start: $0, count: count)) } ?? []
    let newline = bytes.firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
    let query = String(decoding: bytes[..<newline], as: UTF8.self)
    let text = Array(bytes[min(newline + 1, bytes.count)...])
    let value = (try? JSON(parsing: text)) ?? ["a": [1, "b", ["c": nil]], "d": [[2.5], true]]
    let document = (try? JSON.Document(parsing: text)) ?? (try? JSON.Document(parsing: #"{"a": [1, "b", {"c": null}], "d": [[2.5], true]}"#))
    if let compiled = try? JSON.JSONPath(query) {
        // A small limit keeps each run short; a document's lookups count
        // more work than a value's, so only two completed runs are compared.
        let limits = JSON.JSONPath.Limits(maxNodes: 200_000)
        if let fromValue = try? value.jsonPathMatches(compiled, limits: limits).map(\.normalizedPath),
            let fromDocument = try? document?.root.jsonPathMatches(compiled, limits: limits).map(\.normalizedPath),
            fromDocument != fromValue
        {
            fatalError("JSONPath on the value and the document disagree")
        }
    }
    _ = try? value.queryMatches(query)
    _ = try? document?.root.queryMatches(query)
    _ = try? JSON.Pointer(query)
    _ = value[pointer: query].value
    var copy = value
    copy[pointer: query] = 1
    return 0
}
