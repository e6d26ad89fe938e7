import Foundation

/// A value under construction in the encoder's tree: finished, or an object
/// or array that containers (which are values handed to user code) still
/// add to.
enum EncodedNode {
    case value(JSON)
    case object(EncodedObject)
    case array(EncodedArray)
    /// The value a super encoder, or a position begun before the stream
    /// turned into a tree, writes later, whatever shape it takes.
    case deferred(EncodedSlot)

    /// The finished value; `level` counts the enclosing containers.
    func json(level: Int = 0) throws -> JSON {
        switch self {
        case .value(let value): return value
        case .object(let object):
            try EncodedTree.check(level)
            var members = JSON.Object(minimumCapacity: object.members.count)
            // The subscript keeps a repeated key's first place and its last value.
            for (key, node) in object.members { members[key] = try node.json(level: level + 1) }
            return .object(members)
        case .array(let array):
            try EncodedTree.check(level)
            return .array(try array.elements.map { try $0.json(level: level + 1) })
        case .deferred(let slot): return try (slot.node ?? .object(EncodedObject())).json(level: level)
        }
    }
}

/// An object under construction: members in the order first written; a
/// key written again keeps its place and takes the new value (Foundation's
/// last-value-wins).
final class EncodedObject {
    private(set) var members: [(key: String, node: EncodedNode)] = []
    /// Each key's place, built the first time a key is looked up.
    private var places: [String: Int]?

    init() {}

    /// An object to add to holding the members of `object`, a value written whole.
    init(_ object: JSON.Object) {
        members.reserveCapacity(object.count)
        for (key, value) in object { members.append((key, .value(value))) }
    }

    /// Sets `key`'s value.
    func set(_ key: String, _ node: EncodedNode) {
        if places != nil {
            if let place = places?[key] {
                members[place].node = node
                return
            }
            places?[key] = members.count
        }
        members.append((key, node))
    }

    /// Replaces the value of the member added last, if any.
    func replaceLast(with node: EncodedNode) {
        guard !members.isEmpty else { return }
        members[members.count - 1].node = node
    }

    /// The value of `key`, if written.
    func node(for key: String) -> EncodedNode? {
        if places == nil { mergeRepeats() }
        return places?[key].map { members[$0].node }
    }

    /// Each key once, in its first place with its last value.
    func uniqueMembers() -> [(key: String, node: EncodedNode)] {
        if places == nil, members.count > 1 { mergeRepeats() }
        return members
    }

    private func mergeRepeats() {
        var places: [String: Int] = [:]
        var unique: [(key: String, node: EncodedNode)] = []
        unique.reserveCapacity(members.count)
        for member in members {
            if let place = places[member.key] {
                unique[place].node = member.node
            } else {
                places[member.key] = unique.count
                unique.append(member)
            }
        }
        members = unique
        self.places = places
    }
}

final class EncodedArray {
    var elements: [EncodedNode]

    init(_ elements: [EncodedNode] = []) { self.elements = elements }
}

/// Where one value's encoder puts its result.
final class EncodedSlot {
    var node: EncodedNode?

    init(_ node: EncodedNode? = nil) { self.node = node }
}
