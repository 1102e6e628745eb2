import { isIP } from 'node:net';

/** Names that proxy-addr (Fastify's trustProxy) knows for ranges of addresses. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY as Fastify's `trustProxy` takes it (docs/operations.md#behind-a-proxy-trust_proxy):
 * unset or empty → false (X-Forwarded-For is ignored, the client is the socket's peer); a whole number
 * → that many proxy hops in front of the server; else a comma-separated list of addresses, CIDRs or
 * proxy-addr's names (loopback, linklocal, uniquelocal), trusted as proxies. `true` (trust every
 * hop) is refused: it would let any client pick its own address again.
 */
export function trustProxySetting(value: string | undefined): false | number | string[] | Error {
  const text = (value ?? '').trim();
  if (!text || text === '0' || text === 'false') return false;
  if (/^\d+$/.test(text)) return Number(text);
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of entries) {
    if (NAMED_RANGES.has(entry)) continue;
    const [address, bits, extra] = entry.split('/');
    const family = isIP(address);
    const maxBits = family === 4 ? 32 : 128;
    const bitsOk = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= maxBits);
    if (!family || !bitsOk || extra !== undefined)
      return new Error(`"${entry}" is not a hop count, an address, a CIDR or loopback/linklocal/uniquelocal`);
  }
  return entries;
}

/**
 * The setting as Fastify's `trustProxy` option. Fastify refuses a bare hop count (it cannot tell a
 * proxy from a client that sent enough hops itself), so a count becomes a function that trusts the
 * first `hops` hops: the operator vouches that every request comes through that many proxies.
 */
export function fastifyTrustProxy(
  setting: false | number | string[],
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting !== 'number') return setting;
  return (_address, hop) => hop < setting;
}
