// Placeholder: filled in by the CollectionChanges work.
