import Peregrine

/// The `encode-floor` mode's writer: citm_catalog's generated model written
/// as compact JSON (yyjson's text: `/` as it is) by code that knows the
/// model, with no sink, no frames, no checks beyond room in the buffer:
/// what the text costs to write in Swift with nothing else to look after.
struct FloorWriter {
    private var pointer: UnsafeMutablePointer<UInt8>
    private var count = 0
    private var capacity: Int

    init() {
        capacity = 4096
        pointer = .allocate(capacity: capacity)
    }

    func finish() -> [UInt8] {
        let result = Array(UnsafeBufferPointer(start: pointer, count: count))
        pointer.deallocate()
        return result
    }

    @inline(__always)
    mutating func reserve(_ room: Int) {
        if count + room > capacity { grow(room) }
    }

    @inline(never)
    private mutating func grow(_ room: Int) {
        let newCapacity = max(capacity * 2, count + room)
        let new = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        new.update(from: pointer, count: count)
        pointer.deallocate()
        pointer = new
        capacity = newCapacity
    }

    @inline(__always)
    mutating func byte(_ value: UInt8) {
        reserve(1)
        pointer[count] = value
        count += 1
    }

    /// `,` unless the last byte opened a container.
    @inline(__always)
    mutating func comma() {
        let last = pointer[count - 1]
        if last != UInt8(ascii: "{") && last != UInt8(ascii: "[") { byte(UInt8(ascii: ",")) }
    }

    @inline(__always)
    mutating func name(_ text: StaticString) {
        comma()
        let length = text.utf8CodeUnitCount
        reserve(length)
        (pointer + count).update(from: text.utf8Start, count: length)
        count += length
    }

    /// "00" through "99", two bytes each.
    private static let pairs: [UInt8] = {
        var pairs: [UInt8] = []
        for value in 0..<100 {
            let (tens, ones) = value.quotientAndRemainder(dividingBy: 10)
            pairs.append(UInt8(48 + tens))
            pairs.append(UInt8(48 + ones))
        }
        return pairs
    }()

    /// The decimal digits of `value`, two at a time from the end.
    @inline(__always)
    mutating func int(_ value: Int64) {
        reserve(21)
        if value < 0 {
            pointer[count] = UInt8(ascii: "-")
            count += 1
        }
        var magnitude = value.magnitude
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        let written = withUnsafeMutableBytes(of: &digits) { raw in
            var start = raw.count
            while magnitude >= 100 {
                let pair = Int(magnitude % 100) * 2
                magnitude /= 100
                start -= 2
                raw[start] = Self.pairs[pair]
                raw[start + 1] = Self.pairs[pair + 1]
            }
            if magnitude >= 10 {
                start -= 2
                raw[start] = Self.pairs[Int(magnitude) * 2]
                raw[start + 1] = Self.pairs[Int(magnitude) * 2 + 1]
            } else {
                start -= 1
                raw[start] = UInt8(magnitude) + 48
            }
            let length = raw.count - start
            let target = UnsafeMutableRawBufferPointer(start: pointer + count, count: length)
            target.copyMemory(from: UnsafeRawBufferPointer(rebasing: raw[start...]))
            return length
        }
        count += written
    }

    @inline(__always)
    mutating func string(_ text: String) {
        var text = text
        text.withUTF8 { utf8 in
            reserve(utf8.count * 6 + 2)
            pointer[count] = UInt8(ascii: "\"")
            count += 1
            for byte in utf8 {
                if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                    pointer[count] = UInt8(ascii: "\\")
                    pointer[count + 1] = byte == UInt8(ascii: "\"") ? byte : byte == UInt8(ascii: "\\") ? byte : UInt8(ascii: "u")
                    count += 2
                } else {
                    pointer[count] = byte
                    count += 1
                }
            }
            pointer[count] = UInt8(ascii: "\"")
            count += 1
        }
    }

    mutating func null() {
        reserve(4)
        (pointer + count).update(from: StaticString("null").utf8Start, count: 4)
        count += 4
    }

    mutating func stringDictionary(_ dictionary: [String: String]) {
        byte(UInt8(ascii: "{"))
        for (key, value) in dictionary {
            comma()
            string(key)
            byte(UInt8(ascii: ":"))
            string(value)
        }
        byte(UInt8(ascii: "}"))
    }

    mutating func intArray(_ values: [Int64]) {
        byte(UInt8(ascii: "["))
        for value in values {
            comma()
            int(value)
        }
        byte(UInt8(ascii: "]"))
    }

    mutating func write(_ root: GeneratedCitmRoot) {
        byte(UInt8(ascii: "{"))
        name("\"areaNames\":")
        stringDictionary(root.areaNames)
        name("\"audienceSubCategoryNames\":")
        stringDictionary(root.audienceSubCategoryNames)
        name("\"blockNames\":")
        byte(UInt8(ascii: "{")); byte(UInt8(ascii: "}"))
        name("\"events\":")
        byte(UInt8(ascii: "{"))
        for (key, event) in root.events {
            comma()
            string(key)
            byte(UInt8(ascii: ":"))
            byte(UInt8(ascii: "{"))
            if event.description != nil { name("\"description\":"); null() }
            name("\"id\":"); int(event.id)
            if let logo = event.logo { name("\"logo\":"); string(logo) }
            name("\"name\":"); string(event.name)
            name("\"subTopicIds\":"); intArray(event.subTopicIds)
            if event.subjectCode != nil { name("\"subjectCode\":"); null() }
            if event.subtitle != nil { name("\"subtitle\":"); null() }
            name("\"topicIds\":"); intArray(event.topicIds)
            byte(UInt8(ascii: "}"))
        }
        byte(UInt8(ascii: "}"))
        name("\"performances\":")
        byte(UInt8(ascii: "["))
        for performance in root.performances {
            comma()
            byte(UInt8(ascii: "{"))
            name("\"eventId\":"); int(performance.eventId)
            name("\"id\":"); int(performance.id)
            if let logo = performance.logo { name("\"logo\":"); string(logo) }
            if performance.name != nil { name("\"name\":"); null() }
            name("\"prices\":")
            byte(UInt8(ascii: "["))
            for price in performance.prices {
                comma()
                byte(UInt8(ascii: "{"))
                name("\"amount\":"); int(price.amount)
                name("\"audienceSubCategoryId\":"); int(price.audienceSubCategoryId)
                name("\"seatCategoryId\":"); int(price.seatCategoryId)
                byte(UInt8(ascii: "}"))
            }
            byte(UInt8(ascii: "]"))
            name("\"seatCategories\":")
            byte(UInt8(ascii: "["))
            for category in performance.seatCategories {
                comma()
                byte(UInt8(ascii: "{"))
                name("\"areas\":")
                byte(UInt8(ascii: "["))
                for area in category.areas {
                    comma()
                    byte(UInt8(ascii: "{"))
                    name("\"areaId\":"); int(area.areaId)
                    name("\"blockIds\":")
                    byte(UInt8(ascii: "["))
                    for _ in area.blockIds { comma(); null() }
                    byte(UInt8(ascii: "]"))
                    byte(UInt8(ascii: "}"))
                }
                byte(UInt8(ascii: "]"))
                name("\"seatCategoryId\":"); int(category.seatCategoryId)
                byte(UInt8(ascii: "}"))
            }
            byte(UInt8(ascii: "]"))
            if performance.seatMapImage != nil { name("\"seatMapImage\":"); null() }
            name("\"start\":"); int(performance.start)
            name("\"venueCode\":"); string(performance.venueCode)
            byte(UInt8(ascii: "}"))
        }
        byte(UInt8(ascii: "]"))
        name("\"seatCategoryNames\":")
        stringDictionary(root.seatCategoryNames)
        name("\"subTopicNames\":")
        stringDictionary(root.subTopicNames)
        name("\"subjectNames\":")
        byte(UInt8(ascii: "{")); byte(UInt8(ascii: "}"))
        name("\"topicNames\":")
        stringDictionary(root.topicNames)
        name("\"topicSubTopics\":")
        byte(UInt8(ascii: "{"))
        for (key, values) in root.topicSubTopics {
            comma()
            string(key)
            byte(UInt8(ascii: ":"))
            intArray(values)
        }
        byte(UInt8(ascii: "}"))
        name("\"venueNames\":")
        byte(UInt8(ascii: "{"))
        name("\"PLEYEL_PLEYEL\":"); string(root.venueNames.pLEYELPLEYEL)
        byte(UInt8(ascii: "}"))
        byte(UInt8(ascii: "}"))
    }
}
