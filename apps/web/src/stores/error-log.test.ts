import { describe, expect, it } from 'vitest';
import { createErrorLogStore, MAX_ERROR_LOG_ENTRIES, messageOf } from './error-log';

describe('error log', () => {
  it('appends message, info, url, stack and time', () => {
    const store = createErrorLogStore();
    const error = new TypeError('x is undefined');
    store.getState().add({ error, info: '\n    at Page', url: 'http://h/system-admin/sys-user' }, 1000);
    expect(store.getState().logs).toEqual([
      { id: 1, message: 'x is undefined', info: '\n    at Page', url: 'http://h/system-admin/sys-user', stack: error.stack, time: 1000 },
    ]);
  });

  it('records one entry per thrown object, with what each catcher knew', () => {
    const store = createErrorLogStore();
    const error = new Error('boom');
    store.getState().add({ error, url: 'u' });
    store.getState().add({ error, info: 'at Page', url: 'u' });
    store.getState().add({ error, info: 'route: sys-user', url: 'u' });
    store.getState().add({ error, info: 'at Page', url: 'u' });
    expect(store.getState().logs).toHaveLength(1);
    expect(store.getState().logs[0]!.info).toBe('at Page\nroute: sys-user');
  });

  it('logs non-Error values and falls back to a message', () => {
    const store = createErrorLogStore();
    store.getState().add({ error: 'plain string', url: 'u' });
    store.getState().add({ error: null, fallbackMessage: 'Script error.', info: 'app.js:1:2', url: 'u' });
    expect(store.getState().logs.map((e) => e.message)).toEqual(['plain string', 'Script error.']);
  });

  it('clears and caps the log', () => {
    const store = createErrorLogStore();
    for (let i = 0; i < MAX_ERROR_LOG_ENTRIES + 5; i++) store.getState().add({ error: `e${i}`, url: 'u' });
    expect(store.getState().logs).toHaveLength(MAX_ERROR_LOG_ENTRIES);
    expect(store.getState().logs[0]!.message).toBe('e5');
    store.getState().clear();
    expect(store.getState().logs).toEqual([]);
  });

  it('reads messages of odd values', () => {
    expect(messageOf({ message: 'm' })).toBe('m');
    expect(messageOf({ code: 1 })).toBe('{"code":1}');
    expect(messageOf(undefined, 'fallback')).toBe('fallback');
  });
});
