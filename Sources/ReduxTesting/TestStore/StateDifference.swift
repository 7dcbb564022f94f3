/// The structural diff the TestStore prints on a mismatch (``structuralDiff(expected:actual:)``);
/// when the two dumps read alike although `==` says the values differ (a `==` that looks at
/// something `Mirror` does not show, a NaN), both one-line dumps are shown instead.
///
/// `legend` replaces the diff's first line when the two sides are not "expected" and "actual"
/// (a received action's change: before and after).
func stateDifference<Value>(_ expected: Value, _ actual: Value, legend: String? = nil) -> String {
    if let diff = structuralDiff(expected: expected, actual: actual) {
        guard let legend, diff.hasPrefix(StructuralDiff.legend) else { return diff }
        return legend + diff.dropFirst(StructuralDiff.legend.count)
    }
    return "The values differ, but they dump alike (an `==` that compares something the dump does not show?):\n"
        + "- \(StateDump(of: expected).line)\n+ \(StateDump(of: actual).line)"
}
