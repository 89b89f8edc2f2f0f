import { describe, expect, it } from 'vitest';
import { policyForProtocol, upgradesInsecureRequests } from './csp.js';

const POLICY = "default-src 'self';script-src 'self';img-src 'self' data:";

describe('upgrade-insecure-requests', () => {
  it('is asked for over HTTPS only', () => {
    expect(upgradesInsecureRequests('https')).toBe(true);
    for (const protocol of ['http', undefined, '', 'HTTP']) expect(upgradesInsecureRequests(protocol)).toBe(false);
  });

  it('is added to the policy of an HTTPS answer', () => {
    expect(policyForProtocol(POLICY, 'https')).toBe(`${POLICY};upgrade-insecure-requests`);
  });

  it('is left out of (and taken out of) the policy of a plain HTTP answer, the rest unchanged', () => {
    expect(policyForProtocol(POLICY, 'http')).toBe(POLICY);
    expect(policyForProtocol(`${POLICY};upgrade-insecure-requests`, 'http')).toBe(POLICY);
    expect(policyForProtocol(`upgrade-insecure-requests; ${POLICY}`, undefined)).toBe(POLICY);
  });

  it('is never sent twice', () => {
    expect(policyForProtocol(`${POLICY};upgrade-insecure-requests`, 'https')).toBe(`${POLICY};upgrade-insecure-requests`);
  });
});
