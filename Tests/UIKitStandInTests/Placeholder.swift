import Testing

@Test func placeholderUIKitStandInTests() { #expect(Bool(true)) }
