// TEMPORARY placeholder until the structural diff lands.
func stateDifference<Value>(_ expected: Value, _ actual: Value) -> String {
    var old = "", new = ""
    dump(expected, to: &old)
    dump(actual, to: &new)
    return "- " + old + "+ " + new
}
