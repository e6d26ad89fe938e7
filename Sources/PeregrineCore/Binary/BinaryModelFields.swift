/// Which field of a generated model each member name of a binary file is,
/// for one ``Binary/Decoder`` call: the memory of the member lookup of
/// ``Binary/DecodingTape``.
///
/// A member's name is the index of a string of the file's table. The
/// first time a model (its ``MemberKeys``) meets a name, the name's
/// bytes are matched with the model's key bytes; the answer (a field, or
/// none) is kept under the pair, so that every later object of the model
/// finds each member with one probe, whatever the length of its name. A
/// file whose writer kept each string once (as ``Binary/Encoder`` does)
/// names a model's members with the same indexes in every object: the
/// statuses of a timeline match their names once in all.
///
/// Bounded whatever the file: the table has at most ``maxSlots`` slots, a
/// lookup probes at most ``maxProbes`` of them, and a name that finds no
/// room is matched by its bytes again the next time (at most the model's
/// longest name long: a longer name is no field).
///
/// ```swift
/// let fields = BinaryModelFields()
/// let model = fields.model(of: keys)
/// if fields.field(of: name, in: model) == BinaryModelFields.unknown { fields.remember(2, of: name, in: model) }
/// ```
final class BinaryModelFields {
    /// What ``field(of:in:)`` answers for a name not met yet.
    static let unknown = -2
    /// The most slots the table takes (16 bytes each).
    static let maxSlots = 1 << 16
    /// The most slots one lookup or insertion probes.
    static let maxProbes = 8
    /// A slot's key when the slot is empty (no model number reaches it).
    private static let empty = UInt64.max

    /// The key tables met, by number, kept alive so that no table's
    /// identity stands for another during the decode.
    private var models: [MemberKeys] = []
    /// Open addressing over the identities of ``models``: a model's number + 1 (0: empty).
    @exclusivity(unchecked) private var modelSlots = SlotTable<Int>(size: 16)
    /// The table met last and its number: models nest, so the next lookup often names it again.
    @exclusivity(unchecked) private var last: (keys: ObjectIdentifier?, model: Int) = (nil, 0)

    /// A model's number and a name (`model << 32 | name`) and the field
    /// of that name in the model (-1 for none).
    struct Entry: TableSlot {
        var key: UInt64
        var field: Int

        /// No model number reaches the empty key.
        static var empty: Entry { Entry(key: .max, field: 0) }
        var isEmpty: Bool { key == .max }
    }

    /// The fields of the names met, by model and name.
    @exclusivity(unchecked) private var slots = SlotTable<Entry>(size: 256)

    /// The number of `keys` in this decode, given the first time it is met.
    ///
    /// - Complexity: O(1) on average: the identities are addresses, which
    ///   no input chooses.
    @inline(__always)
    func model(of keys: MemberKeys) -> Int {
        let identity = ObjectIdentifier(keys)
        if last.keys == identity { return last.model }
        let model = lookUp(keys)
        last = (identity, model)
        return model
    }

    private func lookUp(_ keys: MemberKeys) -> Int {
        let found = modelSlots.firstSlot(from: Self.hash(of: keys)) { $0 - 1 < models.count && models[$0 - 1] === keys }
        if let found, !modelSlots[found].isEmpty { return modelSlots[found] - 1 }
        models.append(keys)
        guard let slot = found else { return models.count - 1 }  // none: the table is at most half full
        modelSlots.insert(models.count, at: slot)
        modelSlots.checkSlot(slot) { Self.hash(of: self.models[$0 - 1]) }
        if modelSlots.isOverHalfFull { modelSlots.grow { Self.hash(of: self.models[$0 - 1]) } }
        return models.count - 1
    }

    /// The field of member name `name` (a table index) in model `model`:
    /// -1 for none, ``unknown`` when not known yet.
    @inline(__always)
    func field(of name: UInt32, in model: Int) -> Int {
        let key = UInt64(truncatingIfNeeded: model) << 32 | UInt64(name)
        guard let slot = slots.firstSlot(from: Self.hash(key), limit: Self.maxProbes, where: { $0.key == key }) else { return Self.unknown }
        let found = slots[slot]
        return found.isEmpty ? Self.unknown : found.field
    }

    /// Keeps `field` as the field of name `name` in model `model`, when
    /// there is room within ``maxProbes`` slots.
    func remember(_ field: Int, of name: UInt32, in model: Int) {
        if slots.isOverHalfFull, slots.size < Self.maxSlots {
            // Entries that find no room within maxProbes are dropped: they are found by bytes again.
            slots.grow(limit: Self.maxProbes) { Self.hash($0.key) }
        }
        let key = UInt64(truncatingIfNeeded: model) << 32 | UInt64(name)
        guard let slot = slots.firstSlot(from: Self.hash(key), limit: Self.maxProbes, where: { $0.key == key }) else { return }
        if slots[slot].isEmpty { slots.insert(Entry(key: key, field: field), at: slot) } else { slots[slot].field = field }
        slots.checkSlot(slot, limit: Self.maxProbes) { Self.hash($0.key) }
    }

    @inline(__always)
    private static func hash(of keys: MemberKeys) -> Int {
        hash(UInt64(UInt(bitPattern: ObjectIdentifier(keys))))
    }

    @inline(__always)
    private static func hash(_ key: UInt64) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 40)
    }
}
