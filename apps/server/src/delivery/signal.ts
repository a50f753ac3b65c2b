/**
 * How a service tells the outbox worker that it has just committed a message, so the worker
 * sends it now rather than at its next poll. Services get it as `deps.outbox` and call
 * `wake()` after their transaction commits; without a worker listening (tests, the CLI) a wake
 * does nothing and the message waits in the outbox.
 */
export class OutboxSignal {
  readonly #listeners = new Set<() => void>();

  wake(): void {
    for (const listener of this.#listeners) listener();
  }

  /** Answers the function that unsubscribes. */
  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}
