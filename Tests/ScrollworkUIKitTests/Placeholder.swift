import Testing

@Test func placeholderScrollworkUIKitTests() { #expect(Bool(true)) }
