/**
 * A refusal of an operator's command (bad file, unknown card, conflicting brand). The command-line
 * tool prints the message and the problems and exits non-zero; nothing of it reaches the API.
 * Messages and problems never hold a full card number or a secret.
 */
export class OperatorError extends Error {
  constructor(
    message: string,
    readonly problems: readonly string[] = [],
  ) {
    super(message);
    this.name = 'OperatorError';
  }
}
