/**
 * What a service refuses, by code, with a message in the operator's words and the problems one by
 * one. Services throw it inside their transaction, so nothing they wrote stays; each caller says
 * it in its own words (the operator's tool prints message and problems, the back office answers
 * the code).
 */
export class ServiceRefusal<Code extends string> extends Error {
  constructor(
    readonly code: Code,
    message: string,
    readonly problems: readonly string[] = [],
  ) {
    super(message);
  }
}

/**
 * Awaits the work; a refusal of the given kind is thrown as `translate` says it, anything else as
 * it came.
 */
export async function translatingRefusals<R extends ServiceRefusal<string>, T>(
  work: Promise<T>,
  kind: abstract new (...args: never[]) => R,
  translate: (refusal: R) => Error,
): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof kind) throw translate(error);
    throw error;
  }
}
