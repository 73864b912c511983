import Testing

@Test func placeholderHostRecordingTests() { #expect(Bool(true)) }
