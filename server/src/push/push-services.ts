/**
 * The push services a subscription may name (PUSH_SERVICES): a subscription's endpoint is an
 * address our server will send requests to, so only a browser's own push service is accepted,
 * never an address a member chose (an internal one); config.ts keeps the list. An entry is an origin; `https://*.host`
 * admits that host's subdomains (Windows' push service has one per region).
 */
export function isAllowedPushService(endpoint: string, services: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  return services.some((service) => {
    const wildcard = /^(https?:\/\/)\*\.(.+)$/.exec(service);
    if (!wildcard) return url.origin === service;
    const [, scheme, host] = wildcard;
    return `${url.protocol}//` === scheme && url.host.endsWith(`.${host}`);
  });
}
