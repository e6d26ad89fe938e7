import Foundation
import Peregrine
import PropertyBased
import Testing

/// Properties that must hold for every generated value, text and model. A
/// failure prints the input (shrunk) and the seed that reproduces it.
@Suite struct PropertyTests {
    @Test func everyOutputOptionRoundTrips() async throws {
        await propertyCheck(count: 300, input: Samples.json) { value in
            let compact = try value.serialized()
            for options in Samples.outputOptions {
                let back = try JSON(parsing: value.serialized(options: options), options: .init(numbers: .lossless))
                #expect(back == value, "options \(options)")
                if !options.sortedKeys {
                    // Same members in the same order, every number in the same form.
                    #expect(try back.serialized() == compact, "options \(options)")
                }
            }
        }
    }

    @Test func sortedKeysAreSortedAtEveryLevel() async throws {
        await propertyCheck(count: 200, input: Samples.json) { value in
            let sorted = try JSON(parsing: value.serialized(options: [.sortedKeys]), options: .init(numbers: .lossless))
            var pending = [sorted]
            while let next = pending.popLast() {
                switch next {
                case .object(let object):
                    let keys = object.keys.map { Array($0.unicodeScalars.map(\.value)) }
                    #expect(keys == keys.sorted { $0.lexicographicallyPrecedes($1) })
                    pending += object.values
                case .array(let elements): pending += elements
                default: break
                }
            }
        }
    }

    @Test func documentAgreesWithValue() async throws {
        await propertyCheck(count: 300, input: Samples.json) { value in
            let bytes = try value.serialized()
            let options = JSON.ParseOptions(numbers: .lossless)
            let document = try JSON.Document(parsing: bytes, options: options)
            #expect(document.root.value == value)
            expectSame(document.root, value)
        }
    }

    @Test func documentAndValueRejectTheSameText() async throws {
        await propertyCheck(count: 2_000, input: Samples.nearlyJSON) { bytes in
            let valueResult = Result { try JSON(parsing: bytes) }
            let documentResult = Result { try JSON.Document(parsing: bytes) }
            switch (valueResult, documentResult) {
            case (.success(let value), .success(let document)):
                #expect(document.root.value == value)
            case (.failure(let valueError as JSON.ParseError), .failure(let documentError as JSON.ParseError)):
                #expect(valueError.kind == documentError.kind)
                #expect(valueError.offset == documentError.offset)
            default:
                Issue.record("value gave \(valueResult), document gave \(documentResult)")
            }
        }
    }

    @Test func binaryRoundTripsLosslessly() async throws {
        await propertyCheck(count: 300, input: Samples.json) { value in
            let back = try JSON(binary: value.binaryEncoded())
            #expect(back == value)
            #expect(try back.serialized() == value.serialized())
        }
    }

    @Test func modelsAgreeWithFoundation() async throws {
        let foundationEncoder = JSONEncoder()
        foundationEncoder.outputFormatting = [.sortedKeys]
        let encoder = JSON.Encoder()
        encoder.outputFormatting = [.sortedKeys]
        await propertyCheck(count: 300, input: Samples.model) { model in
            let ours: [UInt8] = try encoder.encode(model)
            let theirs = try foundationEncoder.encode(model)
            #expect(try JSON.Decoder().decode(SampleModel.self, from: theirs) == model)
            #expect(try JSONDecoder().decode(SampleModel.self, from: Data(ours)) == model)
            #expect(try JSON.Decoder().decode(SampleModel.self, from: ours) == model)
            // The same tree, whichever side parses it.
            let ourTree = try JSONSerialization.jsonObject(with: Data(ours)) as? NSDictionary
            let theirTree = try JSONSerialization.jsonObject(with: theirs) as? NSDictionary
            #expect(ourTree == theirTree)
        }
    }

    @Test func binaryCodableRoundTripsModels() async throws {
        await propertyCheck(count: 300, input: Samples.model) { model in
            let bytes = try Binary.Encoder().encode(model)
            #expect(try Binary.Decoder().decode(SampleModel.self, from: bytes) == model)
        }
    }

    /// Checks every node of `node` against the value at the same place.
    private func expectSame(_ node: JSON.Document.Node, _ value: JSON, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(node.count == (value.array?.count ?? value.object?.count ?? 0), sourceLocation: sourceLocation)
        #expect(node.isNull == (value == .null), sourceLocation: sourceLocation)
        #expect(node.bool == value.bool, sourceLocation: sourceLocation)
        #expect(node.string == value.string, sourceLocation: sourceLocation)
        #expect(node.number == value.number, sourceLocation: sourceLocation)
        #expect(node.int64 == value.int64 && node.uint64 == value.uint64 && node.double == value.double, sourceLocation: sourceLocation)
        switch value {
        case .array(let elements):
            let nodes = node.array ?? []
            #expect(nodes.count == elements.count, sourceLocation: sourceLocation)
            for (child, element) in zip(nodes, elements) { expectSame(child, element, sourceLocation: sourceLocation) }
        case .object(let object):
            let members = node.object ?? []
            #expect(members.map(\.key) == object.keys, sourceLocation: sourceLocation)
            for (member, key) in zip(members, object.keys) {
                expectSame(member.value, object[key] ?? .null, sourceLocation: sourceLocation)
                expectSame(node[key], object[key] ?? .null, sourceLocation: sourceLocation)
            }
        default:
            break
        }
    }
}
