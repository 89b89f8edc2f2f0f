import { parseArgs } from 'node:util';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfigError } from '../config.js';
import { readCommandLine, UsageError } from './command-line.js';

describe('readCommandLine', () => {
  afterEach(() => vi.restoreAllMocks());

  it('answers what the options and configuration read', () => {
    expect(readCommandLine('usage: x', () => ({ n: 1 }))).toEqual({ n: 1 });
  });

  it.each([
    ['a usage mistake', () => new UsageError('--n must be a number')],
    ['a configuration mistake', () => new ConfigError('PORT must be a whole number')],
  ])('prints %s with the usage and answers null', (_, error) => {
    const printed = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const e = error();
    expect(
      readCommandLine('usage: x [--n <n>]', () => {
        throw e;
      }),
    ).toBeNull();
    expect(printed).toHaveBeenCalledWith(`${e.message}\nusage: x [--n <n>]`);
  });

  it('prints an unknown option with the usage', () => {
    const printed = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(readCommandLine('usage: x', () => parseArgs({ args: ['--bogus'], options: {} }))).toBeNull();
    expect(printed.mock.calls[0]![0]).toMatch(/--bogus[\s\S]*\nusage: x$/);
  });

  it('lets any other error through', () => {
    expect(() =>
      readCommandLine('usage: x', () => {
        throw new Error('disk full');
      }),
    ).toThrow('disk full');
  });
});
