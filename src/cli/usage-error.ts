/** A mistake in how the command was called: exit code 2, message on stderr, no stack trace. */
export class UsageError extends Error {}
