import Peregrine

/// The texts of `base` with each value inside it replaced by each of
/// `replacements`, then removed, value by value: the payloads the
/// "every mutation" tests decode on both paths.
///
/// ```swift
/// for text in try payloadMutations(of: base, replacing: [.null, 1.5]) { expectSameDecoding(Account.self, text) }
/// ```
func payloadMutations(of base: JSON, replacing replacements: [JSON]) throws -> [String] {
    var texts: [String] = []
    for pointer in pointers(in: base) {
        for replacement in replacements {
            var changed = base
            try changed.setValue(replacement, at: pointer)
            texts.append(try changed.serializedString())
        }
        var removed = base
        try removed.removeValue(at: pointer)
        texts.append(try removed.serializedString())
    }
    return texts
}

/// All the pointers to values inside `value`.
private func pointers(in value: JSON, at path: [String] = []) -> [JSON.Pointer] {
    var found = path.isEmpty ? [] : [JSON.Pointer(tokens: path)]
    switch value {
    case .array(let elements):
        for (index, element) in elements.enumerated() { found += pointers(in: element, at: path + ["\(index)"]) }
    case .object(let object):
        for (key, member) in object { found += pointers(in: member, at: path + [key]) }
    default: break
    }
    return found
}
