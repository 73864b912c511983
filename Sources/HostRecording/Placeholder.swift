// Placeholder: filled in by the HostRecording work.
