/** An error meant for the user: printed as one line, with the given exit code, no stack. */
export class UserError extends Error {
  constructor(message: string, readonly exitCode = 2) {
    super(message);
    this.name = 'UserError';
  }
}
