import Peregrine

/// Whatever parses must survive a round trip: parse → write → parse gives an
/// equal value (compact and pretty), and the document's value equals the
/// value parsed directly. A difference traps, which libFuzzer reports.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDifferential(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let bytes = start.map { Array(UnsafeRawBufferPointer(start: $0, count: count)) } ?? []
    var options = JSON.ParseOptions.json5
    options.numbers = .lossless
    guard let value = try? JSON(parsing: bytes, options: options) else { return 0 }
    let literals = JSON.SerializationOptions(maxDepth: .max, nonConformingFloats: .json5Literals)
    for writing in [literals, JSON.SerializationOptions(prettyPrinted: true, maxDepth: .max, nonConformingFloats: .json5Literals)] {
        guard let text = try? value.serialized(options: writing), let back = try? JSON(parsing: text, options: options) else {
            fatalError("cannot read back what was written")
        }
        guard back == value else { fatalError("the round trip changed the value") }
    }
    guard let document = try? JSON.Document(parsing: bytes, options: options), document.root.value == value else {
        fatalError("the document and the value disagree")
    }
    return 0
}
