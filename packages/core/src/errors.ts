import { safeLine } from './safe-text.js';
import { shareInstanceof } from './shared-instanceof.js';

/** Where in a user's input a problem was found. Lines and columns count from 1. */
export interface InputLocation {
  /** The file name, as the user gave it. */
  file?: string;
  /** The line, from 1. */
  line?: number;
  /** The column, from 1; shown only with a line. */
  column?: number;
}

/**
 * A problem with what the user gave us (a flag, a value, a file). Hosts print `format()` as one line
 * and exit with code 2, never a stack trace.
 */
export class InputError extends Error {
  /** Kept when the error crosses a thread or another copy of @kit/core. */
  override readonly name = 'InputError';
  /** Where the problem is; empty when it is not in a file (a flag). */
  readonly where: InputLocation;

  constructor(message: string, where: InputLocation = {}) {
    super(message);
    this.where = where;
  }

  /**
   * `board.txt:3:7: unexpected 'x'` — only the parts of the location that are known. One line, safe
   * for a terminal: control characters quoted from the input are escaped and a long message is cut.
   */
  format(): string {
    return formatInputError(this);
  }

  /** The same error with a file name filled in, for parsers that only know lines and columns. */
  inFile(file: string): InputError {
    return new InputError(this.message, { ...this.where, file: this.where.file ?? file });
  }
}
shareInstanceof(InputError, 'InputError');

/**
 * How every host prints an input error (also one from another copy of @kit/core, so it takes the
 * error's fields rather than its methods): `file:line:col: message`, one safe line.
 */
export function formatInputError(error: { message: string; where?: InputLocation }): string {
  const { file, line, column } = error.where ?? {};
  const place = [file, line, line !== undefined ? column : undefined].filter((part) => part !== undefined).join(':');
  return safeLine(place ? `${place}: ${error.message}` : error.message);
}

/** True for an {@link InputError}, also one made by another copy of @kit/core or rebuilt after crossing a thread. */
export function isInputError(error: unknown): error is InputError {
  return error instanceof InputError || (error instanceof Error && error.name === 'InputError' && 'where' in error);
}

/** An error as it crosses a thread boundary: plain data, rebuilt on the other side. */
export interface SerializedError {
  name: string;
  message: string;
  stack?: string;
  where?: InputLocation;
}

export function serializeError(error: unknown): SerializedError {
  if (isInputError(error)) return { name: 'InputError', message: error.message, where: error.where };
  if (error instanceof Error) return { name: error.name, message: error.message, ...(error.stack ? { stack: error.stack } : {}) };
  return { name: 'Error', message: String(error) };
}

export function deserializeError(data: SerializedError): Error {
  if (data.name === 'InputError') return new InputError(data.message, data.where ?? {});
  const error = new Error(data.message);
  error.name = data.name;
  if (data.stack) error.stack = data.stack;
  return error;
}
