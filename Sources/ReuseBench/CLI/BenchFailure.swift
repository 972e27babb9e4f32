/// Something in the benchmark broke (as opposed to a timing goal being missed).
struct BenchFailure: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
