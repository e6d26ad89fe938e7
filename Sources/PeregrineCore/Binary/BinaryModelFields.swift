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
    @exclusivity(unchecked) private var modelSlots = [Int](repeating: 0, count: 16)
    /// The table met last and its number: models nest, so the next lookup often names it again.
    @exclusivity(unchecked) private var last: (keys: ObjectIdentifier?, model: Int) = (nil, 0)

    /// Open addressing: each slot holds a model's number and a name
    /// (`model << 32 | name`, or ``empty``) and the field of that name in the
    /// model (-1 for none). Memory the class owns (an array in a class
    /// checks its uniqueness on every write).
    @exclusivity(unchecked) private var slots: UnsafeMutablePointer<(key: UInt64, field: Int)>
    @exclusivity(unchecked) private var mask = 255
    @exclusivity(unchecked) private var count = 0

    init() {
        slots = .allocate(capacity: mask + 1)
        slots.initialize(repeating: (Self.empty, 0), count: mask + 1)
    }

    deinit {
        slots.deinitialize(count: mask + 1)
        slots.deallocate()
    }

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
        let identity = ObjectIdentifier(keys)
        let mask = modelSlots.count - 1
        var slot = Self.slot(of: UInt64(UInt(bitPattern: identity)), mask: mask)
        while modelSlots[slot] != 0 {
            let model = modelSlots[slot] - 1
            if model < models.count, models[model] === keys { return model }
            slot = (slot + 1) & mask
        }
        models.append(keys)
        modelSlots[slot] = models.count
        if 2 * models.count > modelSlots.count { placeModels(size: modelSlots.count * 2) }
        return models.count - 1
    }

    /// Places every model again in `size` slots.
    private func placeModels(size: Int) {
        var placed = [Int](repeating: 0, count: size)
        for (model, keys) in models.enumerated() {
            var slot = Self.slot(of: UInt64(UInt(bitPattern: ObjectIdentifier(keys))), mask: size - 1)
            while placed[slot] != 0 { slot = (slot + 1) & (size - 1) }
            placed[slot] = model + 1
        }
        modelSlots = placed
    }

    /// The field of member name `name` (a table index) in model `model`:
    /// -1 for none, ``unknown`` when not known yet.
    @inline(__always)
    func field(of name: UInt32, in model: Int) -> Int {
        let key = UInt64(truncatingIfNeeded: model) << 32 | UInt64(name)
        var slot = Self.slot(of: key, mask: mask)
        for _ in 0..<Self.maxProbes {
            let found = slots[slot]  // bounds proven: slot <= mask, the last slot
            if found.key == key { return found.field }
            if found.key == Self.empty { return Self.unknown }
            slot = (slot + 1) & mask
        }
        return Self.unknown
    }

    /// Keeps `field` as the field of name `name` in model `model`, when
    /// there is room within ``maxProbes`` slots.
    func remember(_ field: Int, of name: UInt32, in model: Int) {
        if 2 * (count + 1) > mask + 1, mask + 1 < Self.maxSlots { grow() }
        let key = UInt64(truncatingIfNeeded: model) << 32 | UInt64(name)
        var slot = Self.slot(of: key, mask: mask)
        for _ in 0..<Self.maxProbes {
            if slots[slot].key == Self.empty {  // bounds proven: slot <= mask, the last slot
                slots[slot] = (key, field)
                count += 1
                return
            }
            slot = (slot + 1) & mask
        }
    }

    /// Doubles the slots and places every entry again (entries that find
    /// no room within ``maxProbes`` are dropped: they are found by bytes again).
    private func grow() {
        let old = slots
        let oldSize = mask + 1
        mask = oldSize * 2 - 1
        slots = .allocate(capacity: mask + 1)
        slots.initialize(repeating: (Self.empty, 0), count: mask + 1)
        count = 0
        for index in 0..<oldSize {
            let entry = old[index]  // bounds proven: index < oldSize, the old table's size
            guard entry.key != Self.empty else { continue }
            var slot = Self.slot(of: entry.key, mask: mask)
            for _ in 0..<Self.maxProbes {
                if slots[slot].key == Self.empty {  // bounds proven: slot <= mask
                    slots[slot] = entry
                    count += 1
                    break
                }
                slot = (slot + 1) & mask
            }
        }
        old.deinitialize(count: oldSize)
        old.deallocate()
    }

    @inline(__always)
    private static func slot(of key: UInt64, mask: Int) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 40) & mask
    }
}
