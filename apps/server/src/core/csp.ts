/**
 * `upgrade-insecure-requests` makes the browser fetch every resource of the page over HTTPS. On a page
 * served over plain HTTP from another machine (`HOST=0.0.0.0`, opened as `http://<address>:8080`) that turns
 * every script and style into `https://<address>:8080/assets/…`, which nothing answers, and the console stays
 * blank (browsers exempt only loopback addresses). So the directive is sent only with answers that went out
 * over HTTPS: directly, or behind a trusted proxy (`TRUST_PROXY`) that says so with `X-Forwarded-Proto`.
 */
export const UPGRADE_INSECURE_REQUESTS = 'upgrade-insecure-requests';

/**
 * Whether an answer sent over `protocol` (Fastify's `request.protocol`, which reads `X-Forwarded-Proto` only
 * from a trusted proxy) may carry `upgrade-insecure-requests`.
 */
export function upgradesInsecureRequests(protocol: string | undefined): boolean {
  return protocol === 'https';
}

/** The policy for an answer sent over `protocol`: with `upgrade-insecure-requests` over HTTPS only. */
export function policyForProtocol(policy: string, protocol: string | undefined): string {
  const directives = policy
    .split(';')
    .map((d) => d.trim())
    .filter((d) => d !== '' && d.split(/\s+/)[0]!.toLowerCase() !== UPGRADE_INSECURE_REQUESTS);
  if (upgradesInsecureRequests(protocol)) directives.push(UPGRADE_INSECURE_REQUESTS);
  return directives.join(';');
}
