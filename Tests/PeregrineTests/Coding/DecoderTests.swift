import Foundation
import Peregrine
import Testing

@Suite struct DecoderTests {
    struct User: Codable, Equatable {
        var id: Int
        var name: String
        var email: String?
        var tags: [String]
        var scores: [Double]
        var address: Address?
        var verified: Bool
    }

    struct Address: Codable, Equatable {
        var city: String
        var zip: UInt32
    }

    static let userJSON = #"""
        {"id": 7, "name": "Ada", "tags": ["a", "b"], "scores": [1, 2.5, -0.0], "ignored": {"deep": [1, {"x": null}]},
         "address": {"city": "London", "zip": 12345}, "verified": true, "email": null}
        """#

    @Test func decodesModelsLikeFoundation() throws {
        let ours = try JSON.Decoder().decode(User.self, from: Self.userJSON)
        let foundation = try JSONDecoder().decode(User.self, from: Data(Self.userJSON.utf8))
        #expect(ours == foundation)
        #expect(ours == User(id: 7, name: "Ada", email: nil, tags: ["a", "b"], scores: [1, 2.5, -0.0], address: Address(city: "London", zip: 12345), verified: true))
        #expect(try JSON.Decoder().decode(User.self, from: Data(Self.userJSON.utf8)) == ours)
        #expect(try JSON.Decoder().decode(User.self, from: JSON.Document(parsing: Self.userJSON)) == ours)
        #expect(try JSON.Decoder().decode(User.self, from: JSON(parsing: Self.userJSON)) == ours)
        #expect(try JSON.Decoder().decode([Int].self, from: "[1, 2, 3]") == [1, 2, 3])
        #expect(try JSON.Decoder().decode([String: Int].self, from: #"{"a": 1, "b": 2}"#) == ["a": 1, "b": 2])
        #expect(try JSON.Decoder().decode(Int?.self, from: "null") == nil)
    }

    @Test func errorsCarryPathLineColumnAndOffset() throws {
        struct Status: Decodable { var user: Inner }
        struct Inner: Decodable { var id: Int }
        struct Timeline: Decodable { var statuses: [Status] }
        let text = """
            {"statuses": [
              {"user": {"id": 1}},
              {"user": {"id": 2}},
              {"user": {"id": 3}},
              {"user": {"id": "12a"}}
            ]}
            """
        do {
            _ = try JSON.Decoder().decode(Timeline.self, from: text)
            Issue.record("decoded a string as Int")
        } catch DecodingError.typeMismatch(let type, let context) {
            #expect(ObjectIdentifier(type) == ObjectIdentifier(Int.self))
            #expect(context.codingPath.map(\.stringValue) == ["statuses", "Index 3", "user", "id"])
            #expect(context.debugDescription == #"$.statuses[3].user.id (line 5, column 19, offset 102): expected Int, found string "12a""#)
        }
        do {
            _ = try JSON.Decoder().decode(Timeline.self, from: #"{"statuses": [{"user": {}}]}"#)
            Issue.record("decoded a missing key")
        } catch DecodingError.keyNotFound(let key, let context) {
            #expect(key.stringValue == "id")
            #expect(context.debugDescription == #"$.statuses[0].user (line 1, column 24, offset 23): no value for key "id""#)
        }
        do {
            _ = try JSON.Decoder().decode(Inner.self, from: #"{"id": null}"#)
            Issue.record("decoded null as Int")
        } catch DecodingError.valueNotFound(_, let context) {
            #expect(context.debugDescription == "$.id (line 1, column 8, offset 7): expected Int, found null")
        }
    }

    @Test func integersRejectFractionsAndOverflow() throws {
        #expect(try JSON.Decoder().decode(Int8.self, from: "127") == 127)
        #expect(try JSON.Decoder().decode(Int.self, from: "1.0") == 1)
        #expect(try JSON.Decoder().decode(UInt64.self, from: "18446744073709551615") == UInt64.max)
        for (text, message) in [
            ("128", "$ (line 1, column 1, offset 0): number 128 does not fit in Int8"),
            ("1.5", "$ (line 1, column 1, offset 0): expected Int8 (a whole number), found number 1.5"),
            ("-129", "$ (line 1, column 1, offset 0): number -129 does not fit in Int8"),
        ] {
            do {
                _ = try JSON.Decoder().decode(Int8.self, from: text)
                Issue.record("decoded \(text) as Int8")
            } catch let error as DecodingError {
                switch error {
                case .typeMismatch(_, let context), .dataCorrupted(let context):
                    #expect(context.debugDescription == message)
                default:
                    Issue.record("unexpected \(error)")
                }
            }
        }
        let negative = try #require(throws: DecodingError.self) { try JSON.Decoder().decode(UInt8.self, from: "-1") }
        #expect(negative.kindName == "dataCorrupted")
        #expect(negative.pathStrings == [])
        #expect(negative.context?.debugDescription == "$ (line 1, column 1, offset 0): number -1 does not fit in UInt8")
        let huge = try #require(throws: DecodingError.self) { try JSON.Decoder().decode(Float.self, from: "1e300") }
        #expect(huge.kindName == "dataCorrupted")
        #expect(huge.pathStrings == [])
        #expect(huge.context?.debugDescription == "$ (line 1, column 1, offset 0): number 1e300 does not fit in Float")
    }

    @Test func decimalsComeFromDigits() throws {
        #expect(try JSON.Decoder().decode(Decimal.self, from: "0.1") == Decimal(string: "0.1"))
        #expect(try JSON.Decoder().decode(Decimal.self, from: "12345678901234567890.123456789") == Decimal(string: "12345678901234567890.123456789"))
        let decoder = JSON.Decoder()
        decoder.parseOptions.numbers = .lossless
        #expect(try decoder.decode(Decimal.self, from: "123456789012345678901234567890") == Decimal(string: "123456789012345678901234567890"))
    }

    @Test func keyStrategies() throws {
        struct Model: Codable, Equatable { var userId: Int; var _private: Int; var urlValue: String }
        let text = #"{"user_id": 1, "_private": 2, "url_value": "x"}"#
        let decoder = JSON.Decoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let foundation = JSONDecoder()
        foundation.keyDecodingStrategy = .convertFromSnakeCase
        #expect(try decoder.decode(Model.self, from: text) == foundation.decode(Model.self, from: Data(text.utf8)))
        decoder.keyDecodingStrategy = .custom { path in AnyKey(path.last?.stringValue.uppercased() ?? "") }
        struct Upper: Codable, Equatable { var A: Int }
        #expect(try decoder.decode(Upper.self, from: #"{"a": 5}"#) == Upper(A: 5))
    }

    @Test func dateAndDataStrategies() throws {
        struct Stamp: Codable, Equatable { var at: Date }
        let decoder = JSON.Decoder()
        #expect(try decoder.decode(Stamp.self, from: #"{"at": 10}"#).at == Date(timeIntervalSinceReferenceDate: 10))
        decoder.dateDecodingStrategy = .secondsSince1970
        #expect(try decoder.decode(Stamp.self, from: #"{"at": 86400}"#).at == Date(timeIntervalSince1970: 86400))
        decoder.dateDecodingStrategy = .millisecondsSince1970
        #expect(try decoder.decode(Stamp.self, from: #"{"at": 1500}"#).at == Date(timeIntervalSince1970: 1.5))
        decoder.dateDecodingStrategy = .iso8601
        #expect(try decoder.decode(Stamp.self, from: #"{"at": "1970-01-02T00:00:00Z"}"#).at == Date(timeIntervalSince1970: 86400))
        #expect(try decoder.decode(Stamp.self, from: #"{"at": "1970-01-02T00:00:00.250Z"}"#).at == Date(timeIntervalSince1970: 86400.25))
        let notADate = try #require(throws: DecodingError.self) { try decoder.decode(Stamp.self, from: #"{"at": "yesterday"}"#) }
        #expect(notADate.kindName == "dataCorrupted")
        #expect(notADate.pathStrings == ["at"])
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        decoder.dateDecodingStrategy = .formatted(formatter)
        #expect(try decoder.decode(Stamp.self, from: #"{"at": "1970-01-03"}"#).at == Date(timeIntervalSince1970: 172800))
        decoder.dateDecodingStrategy = .custom { decoder in Date(timeIntervalSince1970: try decoder.singleValueContainer().decode(Double.self) * 2) }
        #expect(try decoder.decode(Stamp.self, from: #"{"at": 5}"#).at == Date(timeIntervalSince1970: 10))

        #expect(try JSON.Decoder().decode(Data.self, from: #""AQID""#) == Data([1, 2, 3]))
        decoder.dataDecodingStrategy = .deferredToData
        #expect(try decoder.decode(Data.self, from: "[1, 2, 3]") == Data([1, 2, 3]))
        let notBase64 = try #require(throws: DecodingError.self) { try JSON.Decoder().decode(Data.self, from: #""not base64!""#) }
        #expect(notBase64.kindName == "dataCorrupted")
        #expect(notBase64.pathStrings == [])
        #expect(try JSON.Decoder().decode(URL.self, from: #""https://example.com/a""#) == URL(string: "https://example.com/a"))
    }

    @Test func nonConformingFloats() throws {
        let decoder = JSON.Decoder()
        let nanString = try #require(throws: DecodingError.self) { try decoder.decode(Double.self, from: #""NaN""#) }
        #expect(nanString.kindName == "typeMismatch")
        #expect(nanString.pathStrings == [])
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        #expect(try decoder.decode([Double].self, from: #"["inf", "-inf", 1]"#).prefix(2) == [.infinity, -.infinity])
        #expect(try decoder.decode(Double.self, from: #""nan""#).isNaN)
        decoder.allowsJSON5 = true
        #expect(try decoder.decode(Double.self, from: "Infinity") == .infinity)
    }

    @Test func strictnessIsNotSkippedForIgnoredKeys() throws {
        struct Only: Decodable { var a: Int }
        // The comma before "]" (offset 19) in the member the model never reads.
        let comma = try #require(throws: DecodingError.self) { try JSON.Decoder().decode(Only.self, from: #"{"a": 1, "b": [1, 2,]}"#) }
        #expect(comma.kindName == "dataCorrupted")
        #expect(comma.pathStrings == [])
        #expect(comma.parseError?.kind == .trailingComma)
        #expect(comma.parseError?.offset == 19)
        #expect(comma.parseError?.column == 20)
        // The 0xFF byte (offset 15) inside the ignored string.
        let utf8 = try #require(throws: DecodingError.self) {
            try JSON.Decoder().decode(Only.self, from: Array(#"{"a": 1, "b": ""#.utf8) + [0xFF, 0x22, 0x7D])
        }
        #expect(utf8.kindName == "dataCorrupted")
        #expect(utf8.pathStrings == [])
        #expect(utf8.parseError?.kind == .invalidUTF8)
        #expect(utf8.parseError?.offset == 15)
        #expect(utf8.parseError?.column == 16)
        do {
            _ = try JSON.Decoder().decode(Only.self, from: #"{"a": 1,}"#)
        } catch DecodingError.dataCorrupted(let context) {
            let underlying = context.underlyingError as? JSON.ParseError
            #expect(underlying?.kind == .trailingComma)
            #expect(underlying?.column == 8)
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func keysAreFoundInAnyOrder() throws {
        struct Reversed: Decodable, Equatable {
            var values: [String]
            var seen: [String]
            init(values: [String], seen: [String]) { (self.values, self.seen) = (values, seen) }
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: AnyKey.self)
                // Backwards, a nested object between lookups, a key written with an escape,
                // contains-then-decode, and a missing key.
                let inner = try container.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("inner"))
                values = [
                    try container.decode(String.self, forKey: AnyKey("c")),
                    try inner.decode(String.self, forKey: AnyKey("y")),
                    try container.decode(String.self, forKey: AnyKey("name")),
                    try inner.decode(String.self, forKey: AnyKey("x")),
                    try container.decode(String.self, forKey: AnyKey("a")),
                ]
                seen = ["a", "b", "zz"].filter { container.contains(AnyKey($0)) }
                values.append(try container.decode(String.self, forKey: AnyKey("b")))
                #expect(try container.decodeIfPresent(String.self, forKey: AnyKey("zz")) == nil)
                #expect(try container.decodeIfPresent(Int.self, forKey: AnyKey("n")) == nil)
                #expect(container.allKeys.map(\.stringValue) == ["a", "b", "name", "inner", "n", "c"])
            }
        }
        let one = #"{"a": "1", "b": "2", "n\u0061me": "3", "inner": {"x": "4", "y": "5"}, "n": null, "c": "6"}"#
        let expected = Reversed(values: ["6", "5", "3", "4", "1", "2"], seen: ["a", "b"])
        #expect(try JSON.Decoder().decode(Reversed.self, from: one) == expected)
        // More objects open at once than the decoder keeps lookup cursors for.
        let many = "[" + Array(repeating: one, count: 200).joined(separator: ",") + "]"
        #expect(try JSON.Decoder().decode([Reversed].self, from: many) == Array(repeating: expected, count: 200))
    }

    @Test func eachLookupStartsWhereTheLastOneStopped() throws {
        // The member after the last one found is compared first. When it is not the name
        // (same length, other bytes; written with an escape; past the last member) the
        // lookup goes on round the object. Names of up to 15 bytes and longer ones.
        struct Walk: Decodable, Equatable {
            var values: [Int]
            init(values: [Int]) { self.values = values }
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: AnyKey.self)
                let names = ["x", "abd", "name", "long_key_name_1", "a_much_longer_key_name", "x", "missing", "abc"]
                values = try names.map { try container.decodeIfPresent(Int.self, forKey: AnyKey($0)) ?? -1 }
            }
        }
        let text = #"{"x": 1, "abc": 2, "abd": 3, "n\u0061me": 4, "long_key_name_1": 5, "a_much_longer_key_name": 6}"#
        #expect(try JSON.Decoder().decode(Walk.self, from: text) == Walk(values: [1, 3, 4, 5, 6, 1, -1, 2]))
    }

    @Test func lookupsRoundAnObjectSkipNamesOfLengthsItLacks() throws {
        // Read backwards, every lookup goes round the object. The key check gives the lengths of
        // the names (small objects: all lengths differ; large ones: the keys of an earlier object),
        // and a name of no such length is missing without a search. Lengths count modulo 64.
        struct Backwards: Decodable, Equatable {
            var values: [Int]
            var missing: [Bool]
            init(values: [Int], missing: [Bool]) { (self.values, self.missing) = (values, missing) }
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: AnyKey.self)
                let names = container.allKeys.map(\.stringValue)
                values = try names.reversed().map { try container.decode(Int.self, forKey: AnyKey($0)) }
                missing = ["zzzz", "k99", String(repeating: "q", count: 68), "k"].map { !container.contains(AnyKey($0)) }
            }
        }
        let long = String(repeating: "p", count: 65)
        let large = "{" + (0..<20).map { "\"k\($0)\": \($0)" }.joined(separator: ", ") + ", \"\(long)\": 20}"
        let small = #"{"a": 1, "bb": 2, "ccc": 3, "\#(long)": 4}"#
        let text = "[" + [large, small, large, small, large].joined(separator: ", ") + "]"
        let decoded = try JSON.Decoder().decode([Backwards].self, from: text)
        let largeValues = Backwards(values: Array((0...20).reversed()), missing: [true, true, true, true])
        let smallValues = Backwards(values: [4, 3, 2, 1], missing: [true, true, true, true])
        #expect(decoded == [largeValues, smallValues, largeValues, smallValues, largeValues])
    }

    @Test func arraysOfPrimitivesDecodeLikeAnyArray() throws {
        struct Shape: Codable, Equatable { var ids: [Int]; var rings: [[Double]]; var names: [String]; var flags: [Bool]; var sizes: [Float]; var big: [Int64] }
        let text = #"{"ids": [1, 2], "rings": [[1.5, 2], []], "names": ["a"], "flags": [true, false], "sizes": [0.5], "big": [-9007199254740993]}"#
        let expected = Shape(ids: [1, 2], rings: [[1.5, 2], []], names: ["a"], flags: [true, false], sizes: [0.5], big: [-9_007_199_254_740_993])
        #expect(try JSON.Decoder().decode(Shape.self, from: text) == expected)
        #expect(try JSON.Decoder().decode(Shape.self, from: text) == JSONDecoder().decode(Shape.self, from: Data(text.utf8)))
        do {
            _ = try JSON.Decoder().decode([String: [[Double]]].self, from: #"{"rings": [[1], [2, "x"]]}"#)
            Issue.record("decoded a string as Double")
        } catch DecodingError.typeMismatch(_, let context) {
            #expect(context.codingPath.map(\.stringValue) == ["rings", "Index 1", "Index 1"])
            #expect(context.debugDescription == #"$.rings[1][1] (line 1, column 21, offset 20): expected Double, found string "x""#)
        }
        do {
            _ = try JSON.Decoder().decode([Int].self, from: "{}")
            Issue.record("decoded an object as [Int]")
        } catch DecodingError.typeMismatch(_, let context) {
            #expect(context.debugDescription == "$ (line 1, column 1, offset 0): expected an array, found an object")
        }
        let lenient = JSON.Decoder()
        lenient.leniency = .numbersFromStrings
        let (ids, report) = try lenient.decodeWithReport([Int].self, from: #"[1, "2"]"#)
        #expect(ids == [1, 2])
        #expect(report.events.map(\.path) == ["$[1]"])
    }

    /// Rows of doubles of every length the tape loop makes its own way (0, 1,
    /// 2, 3 and more), of integers as well as doubles, decode as Foundation's
    /// decoder reads them; rows it cannot read in place (a nested array, a
    /// string, a row that is no array) give the errors of the element loop.
    @Test func rowsOfDoublesDecodeInOnePass() throws {
        let text = "[[1.5, 2], [3, -4.25, 5], [], [7], [1, 2, 3, 4, 5], [18446744073709551615, -9223372036854775808], [0.5, -0.0]]"
        let rows = try JSON.Decoder().decode([[Double]].self, from: text)
        #expect(rows == [[1.5, 2], [3, -4.25, 5], [], [7], [1, 2, 3, 4, 5], [Double(UInt64.max), -9_223_372_036_854_775_808], [0.5, -0.0]])
        #expect(rows == (try JSONDecoder().decode([[Double]].self, from: Data(text.utf8))))
        #expect(rows[6][1].sign == .minus)
        #expect(try JSON.Decoder().decode([[[Double]]].self, from: "[[[1, 2]], [], [[3, 4, 5], [6, 7]]]") == [[[1, 2]], [], [[3, 4, 5], [6, 7]]])
        let failures: [(text: String, path: String, message: String)] = [
            ("[[1, 2], 3]", "Index 1", "$[1] (line 1, column 10, offset 9): expected an array, found number 3"),
            ("[[1, [2]]]", "Index 0/Index 1", "$[0][1] (line 1, column 6, offset 5): expected Double, found an array"),
            (#"[[1, 2], [3, "4"]]"#, "Index 1/Index 1", #"$[1][1] (line 1, column 14, offset 13): expected Double, found string "4""#),
            ("{}", "", "$ (line 1, column 1, offset 0): expected an array, found an object"),
        ]
        for failure in failures {
            do {
                _ = try JSON.Decoder().decode([[Double]].self, from: failure.text)
                Issue.record("decoded \(failure.text)")
            } catch DecodingError.typeMismatch(_, let context) {
                #expect(context.codingPath.map(\.stringValue).joined(separator: "/") == failure.path)
                #expect(context.debugDescription == failure.message)
            }
        }
        let lenient = JSON.Decoder()
        lenient.leniency = .numbersFromStrings
        #expect(try lenient.decode([[Double]].self, from: #"[[1, "2"], ["3", 4, 5]]"#) == [[1, 2], [3, 4, 5]])
    }

    @Test func codingPathsNameModelKeys() throws {
        struct Leaf: Decodable {
            var path: [String]
            init(from decoder: any Decoder) throws { path = decoder.codingPath.map(\.stringValue) }
        }
        struct Outer: Decodable { var itemList: [[String: Leaf]] }
        let text = #"{"other": [1, {"x": 2}], "item_list": [{"a": 1}, {"b": 2, "leaf_node": [true]}]}"#
        let decoder = JSON.Decoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let outer = try decoder.decode(Outer.self, from: text)
        // A dictionary's keys are data: the strategy leaves them, in paths too (as Foundation does).
        #expect(outer.itemList[1]["leaf_node"]?.path == ["itemList", "Index 1", "leaf_node"])
        #expect(outer.itemList[0]["a"]?.path == ["itemList", "Index 0", "a"])
        let foundation = JSONDecoder()
        foundation.keyDecodingStrategy = .convertFromSnakeCase
        #expect(try foundation.decode(Outer.self, from: Data(text.utf8)).itemList[1]["leaf_node"]?.path == ["itemList", "Index 1", "leaf_node"])
        decoder.keyDecodingStrategy = .useDefaultKeys
        struct Raw: Decodable { var item_list: [[String: Leaf]] }
        #expect(try decoder.decode(Raw.self, from: text).item_list[1]["leaf_node"]?.path == ["item_list", "Index 1", "leaf_node"])
    }

    @Test func duplicateKeysFollowTheParseOptions() throws {
        struct A: Decodable { var a: Int }
        let text = #"{"a": 1, "a": 2}"#
        #expect(try JSON.Decoder().decode(A.self, from: text).a == 2)
        let decoder = JSON.Decoder()
        decoder.parseOptions.duplicateKeys = .firstWins
        #expect(try decoder.decode(A.self, from: text).a == 1)
        decoder.parseOptions.duplicateKeys = .reject
        // The second "a" (offset 9).
        let duplicate = try #require(throws: DecodingError.self) { try decoder.decode(A.self, from: text) }
        #expect(duplicate.kindName == "dataCorrupted")
        #expect(duplicate.pathStrings == [])
        #expect(duplicate.parseError?.kind == .duplicateKey)
        #expect(duplicate.parseError?.offset == 9)
        #expect(duplicate.parseError?.column == 10)
        // Objects of up to 64 members compare keys of equal length (a 65-byte key
        // shares "a"'s length bucket), larger ones hash them, and escaped keys
        // are checked by their decoded names.
        let long = String(repeating: "a", count: 65)
        for (text, first, last) in [
            (#"{"a": 1, "\u0061": 2}"#, 1, 2),
            (#"{"a": 1, "b": 0, "a": 2, "c": 0}"#, 1, 2),
            (#"{"\#(long)": 0, "a": 7, "b": 0, "\#(long.dropLast())b": 0}"#, 7, 7),
            ("{" + (0..<30).map { "\"k\($0)\": \($0)" }.joined(separator: ", ") + ", \"a\": 1, \"a\": 2}", 1, 2),
            ("{\"a\": 3, " + (0..<40).map { "\"k\($0)\": \($0)" }.joined(separator: ", ") + ", \"a\": 4}", 3, 4),
            ("{\"a\": 8, " + (0..<80).map { "\"k\($0)\": \($0)" }.joined(separator: ", ") + ", \"a\": 9}", 8, 9),
            ("{\"\\u0061\": 5, " + (0..<40).map { "\"k\($0)\": \($0)" }.joined(separator: ", ") + ", \"a\": 6}", 5, 6),
        ] {
            decoder.parseOptions.duplicateKeys = .lastWins
            #expect(try decoder.decode(A.self, from: text).a == last)
            decoder.parseOptions.duplicateKeys = .firstWins
            #expect(try decoder.decode(A.self, from: text).a == first)
        }
    }

    /// An object with the size and first key length of an earlier unique
    /// object is settled by comparing its keys with that object's: a key
    /// repeated where the earlier object has a key differing only in its
    /// last byte is still caught, at every key length.
    @Test func aRepeatedKeyInAnObjectOfAnEarlierShapeIsCaught() throws {
        struct Reads: Decodable {
            static let key = CodingUserInfoKey(rawValue: "key")!
            init(from decoder: any Decoder) throws {
                let name = decoder.userInfo[Self.key] as? String ?? ""
                _ = try decoder.container(keyedBy: AnyKey.self).decode(Int.self, forKey: AnyKey(name))
            }
        }
        for length in 1...40 {
            let stem = String(repeating: "k", count: length - 1)
            let (a, b, c) = (stem + "a", stem + "b", stem + "c")
            let earlier = #"{"\#(a)": 1, "\#(b)": 2, "\#(c)": 3}"#
            let repeating = #"{"\#(a)": 4, "\#(a)": 5, "\#(c)": 6}"#
            let text = "[\(earlier), \(earlier), \(repeating)]"
            let decoder = JSON.Decoder()
            decoder.userInfo[Reads.key] = a
            decoder.parseOptions.duplicateKeys = .reject
            let error = try #require(throws: DecodingError.self) { try decoder.decode([Reads].self, from: text) }
            #expect(error.parseError?.kind == .duplicateKey, "key length \(length)")
            // The second occurrence: after "[", two earlier objects and ", ", then `{"a": 4, `.
            let second = 1 + 2 * (earlier.utf8.count + 2) + 1 + (length + 2) + 5
            #expect(error.parseError?.offset == second, "key length \(length)")
            // The document writer keeps the last value, where the key first appears.
            #expect(try JSON.Document(parsing: text).serialized() == Array("[\(earlier), \(earlier), {\"\(a)\": 5, \"\(c)\": 6}]".replacingOccurrences(of: " ", with: "").utf8))
        }
    }

    /// Under `.reject` the parse has rejected every object that repeats a
    /// name, so containers and the document writer take the keys as unique
    /// without checking them again; lookups still know the names' lengths
    /// (a name of a length no key has is missing at once), and a key with
    /// escapes, whose raw length is not its name's, is still found.
    @Test func objectsOfADocumentThatRejectsRepeatedKeysAreReadAsUnique() throws {
        struct Reads: Decodable, Equatable {
            var found: [Int?]
            static let names = ["k3", "b", "k19", "k0", "absent", "kk", "k7"]
            init(found: [Int?]) { self.found = found }
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: AnyKey.self)
                found = try Self.names.map { try container.decodeIfPresent(Int.self, forKey: AnyKey($0)) }
            }
        }
        // 21 members (above the small objects' checks), "b" written with an escape.
        let members = (0..<20).map { #""k\#($0)": \#($0)"# } + [#""b": 100"#]
        let text = "[{" + members.joined(separator: ", ") + #"}, {"b": 1, "k3": 2}]"#
        let expected = [Reads(found: [3, 100, 19, 0, nil, nil, 7]), Reads(found: [2, 1, nil, nil, nil, nil, nil])]
        let decoder = JSON.Decoder()
        #expect(try decoder.decode([Reads].self, from: text) == expected)
        decoder.parseOptions = .secure
        #expect(try decoder.decode([Reads].self, from: text) == expected)
        // A missing key is reported where it is missing.
        struct Needs: Decodable { var k3: Int; var absent: Int }
        let missing = try #require(throws: DecodingError.self) { try decoder.decode([Needs].self, from: text) }
        #expect(missing.kindName == "keyNotFound")
        #expect(missing.pathStrings == ["Index 0"])
        // The writer copies each object as it stands.
        let written = try JSON.Document(parsing: text, options: .secure).serialized()
        #expect(written == (try JSON.Document(parsing: text).serialized()))
        #expect(String(decoding: written, as: UTF8.self).hasSuffix(#""k19":19,"b":100},{"b":1,"k3":2}]"#))
    }

    @Test func objectsWithRepeatedNamesKeepTheirOwnMapAcrossContainers() throws {
        // The name map of an object whose names repeat is kept by the decode,
        // by object: a second container on the same object reuses it, and
        // sibling objects each answer with their own members.
        struct Twice: Decodable, Equatable {
            var a: Int
            var again: Int
            var names: [String]
            enum Keys: String, CodingKey { case a, b }
            init(a: Int, again: Int, names: [String]) {
                self.a = a
                self.again = again
                self.names = names
            }
            init(from decoder: any Decoder) throws {
                a = try decoder.container(keyedBy: Keys.self).decode(Int.self, forKey: .a)
                let second = try decoder.container(keyedBy: Keys.self)
                again = try second.decode(Int.self, forKey: .a)
                names = second.allKeys.map(\.stringValue)
            }
        }
        let text = #"[{"a": 1, "b": 0, "a": 2}, {"b": 0, "a": 3, "a": 4}, {"a": 5, "b": 0}]"#
        let decoder = JSON.Decoder()
        #expect(
            try decoder.decode([Twice].self, from: text) == [
                Twice(a: 2, again: 2, names: ["a", "b"]), Twice(a: 4, again: 4, names: ["b", "a"]), Twice(a: 5, again: 5, names: ["a", "b"]),
            ])
        decoder.parseOptions.duplicateKeys = .firstWins
        #expect(
            try decoder.decode([Twice].self, from: text) == [
                Twice(a: 1, again: 1, names: ["a", "b"]), Twice(a: 3, again: 3, names: ["b", "a"]), Twice(a: 5, again: 5, names: ["a", "b"]),
            ])
    }

    @Test func objectsWithAnEarlierObjectsKeysAreCheckedForRepeatsToo() throws {
        // An object with the keys of an earlier unique one, in the same order,
        // is unique too; one that only shares their count and first key's
        // length (a repeated name, an escaped name) is checked itself.
        struct A: Decodable, Equatable {
            var a: Int
            var b: Int?
        }
        let text = #"""
            [{"a": 1, "b": 2}, {"a": 3, "b": 4}, {"a": 5, "a": 6}, {"a": 7, "b": 8}, {"a": 0, "a": 9},
             {"b": 10, "a": 11}, {"a": 12, "\u0062": 13}, {"a": 14, "\u0061": 15}, {"a": 16, "c": 17}]
            """#
        let decoder = JSON.Decoder()
        #expect(
            try decoder.decode([A].self, from: text) == [
                A(a: 1, b: 2), A(a: 3, b: 4), A(a: 6), A(a: 7, b: 8), A(a: 9), A(a: 11, b: 10), A(a: 12, b: 13), A(a: 15), A(a: 16),
            ])
        decoder.parseOptions.duplicateKeys = .firstWins
        #expect(
            try decoder.decode([A].self, from: text) == [
                A(a: 1, b: 2), A(a: 3, b: 4), A(a: 5), A(a: 7, b: 8), A(a: 0), A(a: 11, b: 10), A(a: 12, b: 13), A(a: 14), A(a: 16),
            ])
        // A missing key is still reported where it is missing.
        let missing = try #require(throws: DecodingError.self) { try JSON.Decoder().decode([A].self, from: #"[{"a": 1, "b": 2}, {"b": 3, "c": 4}]"#) }
        #expect(missing.kindName == "keyNotFound")
        #expect(missing.pathStrings == ["Index 1"])
    }
}

struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ string: String) { stringValue = string }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
