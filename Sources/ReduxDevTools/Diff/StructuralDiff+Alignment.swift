extension StructuralDiff {
    /// Lines up the elements of two collections for a diff.
    package enum Alignment {
        /// The elements of `expected` and `actual` matched up in order.
        ///
        /// The common prefix and suffix are matched first. The elements between them are
        /// matched by a longest common subsequence of their dumps when there are at most
        /// ``StructuralDiff/alignmentCellLimit`` pairs of them, otherwise not at all. Between two
        /// matches (or in the whole middle, when it is not aligned), the unmatched elements are
        /// paired in order as changed elements, and what is left over is removed (expected side)
        /// or added (actual side). So an inserted element is one `.added`, an element changed in
        /// place one `.changed`, and index-wise comparison is what a middle too large to align
        /// gets.
        ///
        /// - Complexity: O(*n* + *m*) to compare the dumps (each is hashed once), plus
        ///   O(*n′*·*m′*) time and memory for the middle parts when they are aligned.
        package static func items(expected: [Child], actual: [Child]) -> [Item] {
            // Every distinct dump gets a number, so the alignment compares integers.
            var numbers: [StateDump: Int] = [:]
            func number(_ child: Child) -> Int {
                if let known = numbers[child.value] { return known }
                numbers[child.value] = numbers.count
                return numbers.count - 1
            }
            let e = expected.map(number), a = actual.map(number)

            var prefix = 0
            while prefix < e.count, prefix < a.count, e[prefix] == a[prefix] { prefix += 1 }
            var suffix = 0
            while suffix < e.count - prefix, suffix < a.count - prefix,
                  e[e.count - 1 - suffix] == a[a.count - 1 - suffix] { suffix += 1 }

            var items: [Item] = actual[..<prefix].map { .same($0) }
            let middleE = prefix..<(e.count - suffix), middleA = prefix..<(a.count - suffix)
            var nextE = middleE.lowerBound, nextA = middleA.lowerBound
            func gap(toE endE: Int, toA endA: Int) {
                let paired = min(endE - nextE, endA - nextA)
                for offset in 0..<paired { items.append(pair(expected[nextE + offset], actual[nextA + offset])) }
                for index in (nextE + paired)..<endE { items.append(.removed(expected[index])) }
                for index in (nextA + paired)..<endA { items.append(.added(actual[index])) }
            }
            if middleE.count.multipliedReportingOverflow(by: middleA.count).partialValue <= alignmentCellLimit,
               !middleE.isEmpty, !middleA.isEmpty {
                for (matchE, matchA) in commonSubsequence(e[middleE], a[middleA]) {
                    gap(toE: matchE, toA: matchA)
                    items.append(.same(actual[matchA]))
                    nextE = matchE + 1
                    nextA = matchA + 1
                }
            }
            gap(toE: middleE.upperBound, toA: middleA.upperBound)
            items += actual[(a.count - suffix)...].map { .same($0) }
            return items
        }

        /// The index pairs (in the arrays' own indices) of a longest common subsequence of `e`
        /// and `a`, in order; among equally long ones, the one matching the earliest elements.
        static func commonSubsequence(_ e: ArraySlice<Int>, _ a: ArraySlice<Int>) -> [(Int, Int)] {
            let n = e.count, m = a.count, width = m + 1
            // length[i * width + j]: the longest common subsequence of e[i...] and a[j...].
            var length = [Int32](repeating: 0, count: (n + 1) * width)
            for i in stride(from: n - 1, through: 0, by: -1) {
                for j in stride(from: m - 1, through: 0, by: -1) {
                    length[i * width + j] = e[e.startIndex + i] == a[a.startIndex + j]
                        ? length[(i + 1) * width + j + 1] + 1
                        : max(length[(i + 1) * width + j], length[i * width + j + 1])
                }
            }
            var matches: [(Int, Int)] = []
            var i = 0, j = 0
            while i < n, j < m {
                if e[e.startIndex + i] == a[a.startIndex + j] {
                    matches.append((e.startIndex + i, a.startIndex + j))
                    i += 1; j += 1
                } else if length[(i + 1) * width + j] >= length[i * width + j + 1] {
                    i += 1
                } else {
                    j += 1
                }
            }
            return matches
        }
    }
}
