import Peregrine

/// Reads the input as a document and a value, then walks them with
/// subscripts, accessors and lookups chosen by the input's own bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAccess(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let bytes = start.map { Array(UnsafeRawBufferPointer(start: $0, count: count)) } ?? []
    guard let document = try? JSON.Document(parsing: bytes, options: .lenient), let value = try? JSON(parsing: bytes, options: .lenient)
    else { return 0 }
    var node = document.root
    var lookup = JSON.Lookup(value)
    for (position, byte) in bytes.prefix(64).enumerated() {
        if byte & 1 == 0 {
            let key = String(decoding: bytes.dropFirst(position).prefix(Int(byte % 5)), as: UTF8.self)
            node = node[key]
            lookup = lookup[key]
        } else {
            node = node[Int(byte) - 128]
            lookup = lookup[Int(byte) - 128]
        }
        _ = (node.string, node.int, node.int64, node.uint64, node.double, node.bool, node.isNull, node.count, node.path, node.missing)
        _ = (lookup.string, lookup.int, lookup.double, lookup.lenient.int, lookup.lenient.bool, lookup.lenient.string, lookup.missing)
        _ = node.array?.count
        _ = node.object?.count
    }
    _ = document.root[pointer: String(decoding: bytes.prefix(16), as: UTF8.self)].value
    return 0
}
