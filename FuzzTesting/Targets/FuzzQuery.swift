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
        let fromValue = value.jsonPathMatches(compiled).map(\.normalizedPath)
        if let document, document.root.jsonPathMatches(compiled).map(\.normalizedPath) != fromValue {
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
