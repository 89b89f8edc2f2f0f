// What the command-line tools share: reading their options and configuration, a mistake printed with the usage.
import { ConfigError } from '../config.js';

/** A mistake in a command's options. */
export class UsageError extends Error {}

/**
 * Reads a command's options and configuration (`read`). A mistake in them (a UsageError, a ConfigError or one of
 * parseArgs) is printed with `usage` and answers null: the command then exits with status 2.
 */
export function readCommandLine<T>(usage: string, read: () => T): T | null {
  try {
    return read();
  } catch (e) {
    if (e instanceof UsageError || e instanceof ConfigError || (e as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      console.error(`${(e as Error).message}\n${usage}`);
      return null;
    }
    throw e;
  }
}
