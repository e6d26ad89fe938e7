extension IRegexp {
    /// The scalars one position of a pattern accepts: ranges of scalars and
    /// Unicode general categories, the whole possibly complemented (for
    /// `[^…]` and `.`).
    ///
    /// The ranges are kept sorted, disjoint and not touching, and the
    /// categories (`\p{…}` and `\P{…}` alike) folded into one mask, so a
    /// lookup costs a binary search and one mask test: O(log r) for r
    /// ranges, however large the class. `[^<10,000 characters>]` is one
    /// search over at most 10,000 ranges, not 10,000 comparisons.
    ///
    /// ```swift
    /// let set = IRegexp.ScalarSet(ranges: ["x"..."z", "a"..."c", "b"..."d"])
    /// set.ranges   // ["a"..."d", "x"..."z"]
    /// ```
    struct ScalarSet: Sendable, Equatable {
        /// Sorted by their lower bounds; no two overlap or touch.
        private(set) var ranges: [ClosedRange<Unicode.Scalar>]
        /// The general categories in the set, one bit each (see ``Category``).
        private(set) var categories: UInt32
        let isComplemented: Bool

        /// Exactly `scalar`.
        init(_ scalar: Unicode.Scalar) {
            ranges = [scalar...scalar]
            categories = 0
            isComplemented = false
        }

        /// Any scalar in `ranges` or `categories`, or any other when
        /// `isComplemented`. Ranges may come in any order and overlap.
        init(ranges: [ClosedRange<Unicode.Scalar>] = [], categories: [Category] = [], isComplemented: Bool = false) {
            self.ranges = Self.merged(ranges)
            self.categories = categories.reduce(0) { $0 | $1.bits }
            self.isComplemented = isComplemented
        }

        /// `.`: any scalar but `\n` and `\r`.
        static let anyButNewline = ScalarSet(ranges: ["\n"..."\n", "\r"..."\r"], isComplemented: true)

        /// `ranges` sorted, with overlapping and touching ones joined.
        private static func merged(_ ranges: [ClosedRange<Unicode.Scalar>]) -> [ClosedRange<Unicode.Scalar>] {
            var merged: [ClosedRange<Unicode.Scalar>] = []
            for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
                if let last = merged.last, UInt64(range.lowerBound.value) <= UInt64(last.upperBound.value) + 1 {
                    merged[merged.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
                } else {
                    merged.append(range)
                }
            }
            return merged
        }

        /// Whether the set contains `scalar`, with the bit of its general
        /// category looked up (in `categoryBit`) only when needed and only
        /// once for all the sets asked about the same scalar.
        ///
        /// - Complexity: O(log r) for r ranges.
        func contains(_ scalar: Unicode.Scalar, categoryBit: inout UInt32?) -> Bool {
            var comparisons = 0
            let index = rangeIndex(of: scalar, comparisons: &comparisons)
            if ranges.indices.contains(index), ranges[index].lowerBound <= scalar { return !isComplemented }
            if categories != 0 {
                let bit = categoryBit ?? Category.bit(of: scalar)
                categoryBit = bit
                if categories & bit != 0 { return !isComplemented }
            }
            return isComplemented
        }

        /// The index of the first range whose upper bound is not below
        /// `scalar` (the number of ranges when there is none), by binary
        /// search; `comparisons` counts the ranges looked at.
        func rangeIndex(of scalar: Unicode.Scalar, comparisons: inout Int) -> Int {
            var low = 0
            var high = ranges.count
            while low < high {
                comparisons += 1
                let middle = low + (high - low) / 2
                if ranges[middle].upperBound < scalar { low = middle + 1 } else { high = middle }
            }
            return low
        }

        /// The bytes the set holds beyond its own size.
        var heapBytes: Int { ranges.count * MemoryLayout<ClosedRange<Unicode.Scalar>>.stride }
    }

    /// `\p{…}` (or `\P{…}`, complemented): a set of Unicode general
    /// categories, as a mask with one bit per category.
    struct Category: Sendable, Equatable {
        /// The categories in the set: the named ones, or for `\P{…}` all
        /// the others (and scalars of categories newer than this table).
        let bits: UInt32

        /// The two-letter general categories, in the order of their bits;
        /// the bit after them is for any category a later Unicode adds.
        private static let names = [
            "Lu", "Ll", "Lt", "Lm", "Lo",
            "Mn", "Mc", "Me",
            "Nd", "Nl", "No",
            "Pc", "Pd", "Ps", "Pe", "Pi", "Pf", "Po",
            "Sm", "Sc", "Sk", "So",
            "Zs", "Zl", "Zp",
            "Cc", "Cf", "Cs", "Co", "Cn",
        ]

        /// Every category's bit, the unknown one included.
        private static let all: UInt32 = 1 << UInt32(names.count + 1) - 1

        /// The category names `\p{…}` may use (RFC 9485 §5.3): the major
        /// classes and their subcategories, `Cs` excepted.
        private static let masks: [String: UInt32] = {
            var masks: [String: UInt32] = [:]
            for (index, name) in names.enumerated() where name != "Cs" {
                let bit: UInt32 = 1 << UInt32(index)
                masks[name] = bit
                masks[String(name.prefix(1)), default: 0] |= bit
            }
            return masks
        }()

        /// The category `name` names, or `nil` when it is not one RFC 9485
        /// allows.
        init?(name: String, isComplemented: Bool) {
            guard let mask = Self.masks[name] else { return nil }
            bits = isComplemented ? Self.all & ~mask : mask
        }

        /// The bit of `scalar`'s general category (in the order of
        /// ``names``; the bit after them for a category later Unicode
        /// versions add).
        static func bit(of scalar: Unicode.Scalar) -> UInt32 {
            let index: UInt32
            switch scalar.properties.generalCategory {
            case .uppercaseLetter: index = 0
            case .lowercaseLetter: index = 1
            case .titlecaseLetter: index = 2
            case .modifierLetter: index = 3
            case .otherLetter: index = 4
            case .nonspacingMark: index = 5
            case .spacingMark: index = 6
            case .enclosingMark: index = 7
            case .decimalNumber: index = 8
            case .letterNumber: index = 9
            case .otherNumber: index = 10
            case .connectorPunctuation: index = 11
            case .dashPunctuation: index = 12
            case .openPunctuation: index = 13
            case .closePunctuation: index = 14
            case .initialPunctuation: index = 15
            case .finalPunctuation: index = 16
            case .otherPunctuation: index = 17
            case .mathSymbol: index = 18
            case .currencySymbol: index = 19
            case .modifierSymbol: index = 20
            case .otherSymbol: index = 21
            case .spaceSeparator: index = 22
            case .lineSeparator: index = 23
            case .paragraphSeparator: index = 24
            case .control: index = 25
            case .format: index = 26
            case .surrogate: index = 27
            case .privateUse: index = 28
            case .unassigned: index = 29
            @unknown default: index = 30
            }
            return 1 << index
        }
    }
}
