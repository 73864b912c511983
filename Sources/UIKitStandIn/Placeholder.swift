// Placeholder: filled in by the UIKitStandIn work.
