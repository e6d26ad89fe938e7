extension JSON {
    /// The value with an RFC 7396 JSON Merge Patch applied: a patch that is
    /// an object changes the members it names — `null` removes a member,
    /// an object merges into the member (into `{}` when the member is not an
    /// object), anything else replaces it; any other patch replaces the
    /// whole value.
    ///
    /// ```swift
    /// let v: JSON = ["title": "Goodbye!", "author": ["givenName": "John", "familyName": "Doe"], "tags": ["example"]]
    /// v.merging(patch: ["title": "Hello!", "author": ["familyName": nil], "tags": ["sample"]])
    /// // {"title":"Hello!","author":{"givenName":"John"},"tags":["sample"]}
    /// ```
    ///
    /// Merge patches cannot set a member to `null` or change part of an
    /// array; ``Patch`` (RFC 6902) can.
    ///
    /// - Complexity: see ``merge(patch:)``.
    public func merging(patch: JSON) -> JSON {
        var result = self
        result.merge(patch: patch)
        return result
    }

    /// Applies an RFC 7396 JSON Merge Patch in place; see ``merging(patch:)``.
    ///
    /// ```swift
    /// var config: JSON = ["debug": true, "port": 80]
    /// config.merge(patch: ["debug": nil, "port": 8080])   // {"port":8080}
    /// ```
    ///
    /// Changed members keep their positions and new ones go at the end.
    ///
    /// - Complexity: O(size of `patch`) (removing a member is O(1)
    ///   amortised), iterative, so any depth is safe. Objects are changed
    ///   in place: nothing is copied unless the value shares them with another.
    public mutating func merge(patch: JSON) {
        guard case .object(let members) = patch else {
            self = patch
            return
        }
        /// An object being merged: the target's members, the patch's, the
        /// next patch member, and the target's key in its parent.
        struct Frame {
            var target: JSON.Object
            let patch: JSON.Object
            var position = 0
            let key: String?
        }
        var work = 0
        var frames = [Frame(target: Self.takeObject(&self), patch: members, key: nil)]
        while var frame = frames.popLast() {
            work += 1
            guard frame.position < frame.patch.count else {
                if let key = frame.key, let parent = frames.indices.last {
                    frames[parent].target[key] = .object(frame.target)
                } else {
                    self = .object(frame.target)
                }
                continue
            }
            let member = frame.patch.member(at: frame.position)
            let key = member.key.string
            frame.position += 1
            switch member.value {
            case .null:
                frame.target[key] = nil
                frames.append(frame)
            case .object(let inner):
                var existing = frame.target.takeValue(forKey: key) ?? .null
                let child = Frame(target: Self.takeObject(&existing), patch: inner, key: key)
                frames.append(frame)
                frames.append(child)
            default:
                frame.target[key] = member.value
                frames.append(frame)
            }
        }
        WorkCounter.count(work)
    }

    /// The object `value` holds, taken out of it so that the caller owns its
    /// storage alone; an empty object when `value` is not one.
    private static func takeObject(_ value: inout JSON) -> JSON.Object {
        guard case .object(let object) = value else { return JSON.Object() }
        value = .null  // leaves `object` the only owner of its storage
        return object
    }
}
