import Testing

@Test func placeholderCollectionChangesTests() { #expect(Bool(true)) }
