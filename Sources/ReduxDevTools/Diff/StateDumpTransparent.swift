import Redux

/// A wrapper whose ``StateDump`` is the dump of the value it wraps, because the wrapper itself
/// holds only bookkeeping (`Presented`'s generation is not part of its value).
package protocol StateDumpTransparent {
    /// The value to dump in the wrapper's place.
    var stateDumpSubject: Any { get }
}

extension Presented: StateDumpTransparent {
    /// The presented value (its generation is not part of the state a test describes).
    package var stateDumpSubject: Any { value }
}
