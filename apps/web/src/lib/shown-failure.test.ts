import { beforeEach, describe, expect, it } from 'vitest';
import { errorLogStore } from '../stores/error-log';
import { ApiError } from './request';
import { logUnlessShown } from './shown-failure';

// The web project shares module state between files: start from an empty log whatever ran before.
beforeEach(() => errorLogStore.getState().clear());

describe('logUnlessShown', () => {
  it('leaves out a failure the request client has shown', () => {
    logUnlessShown(new ApiError('名称已存在', { code: 4100, status: 400, kind: 'api', notified: true }), 'boundary layer upload');
    expect(errorLogStore.getState().logs).toEqual([]);
  });

  it('logs a failure nobody was shown, and a fault of the page after the call, with where it happened', () => {
    logUnlessShown(new ApiError('silent', { code: 4003, status: 403, kind: 'api', notified: false }), 'forecast issue');
    logUnlessShown(new TypeError("Cannot read properties of undefined (reading 'id')"), 'boundary layer upload');
    expect(errorLogStore.getState().logs.map((e) => [e.message, e.info])).toEqual([
      ['silent', 'forecast issue'],
      ["Cannot read properties of undefined (reading 'id')", 'boundary layer upload'],
    ]);
  });
});
