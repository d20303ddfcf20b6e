/**
 * Whether one CIDR range holds another (`10.0.0.0/8` holds `10.1.0.0/16`), with Node's own
 * address parsing (`net.BlockList`). Anything that is not a literal range (a token, a security
 * group, a prefix list) holds only itself.
 */
import { BlockList, isIPv4, isIPv6 } from 'node:net';

interface Range {
  readonly family: 'ipv4' | 'ipv6';
  readonly address: string;
  readonly prefix: number;
}

/** Whether every address in `narrow` is in `wide`. */
export function cidrCovers(wide: string, narrow: string): boolean {
  if (wide === narrow) return true;
  const w = parseCidr(wide);
  const n = parseCidr(narrow);
  if (w === undefined || n === undefined || w.family !== n.family || w.prefix > n.prefix) return false;
  const list = new BlockList();
  list.addSubnet(w.address, w.prefix, w.family);
  return list.check(n.address, n.family);
}

/** `0.0.0.0/0` or `::/0`: every address of its family. */
export function isOpenRange(value: string): boolean {
  return parseCidr(value)?.prefix === 0;
}

/** A literal CIDR range (a bare address is a /32 or /128), or undefined. */
export function parseCidr(value: string): Range | undefined {
  const [address, bits, extra] = value.split('/');
  if (extra !== undefined) return undefined;
  const family = isIPv4(address) ? 'ipv4' : isIPv6(address) ? 'ipv6' : undefined;
  if (family === undefined) return undefined;
  const max = family === 'ipv4' ? 32 : 128;
  const prefix = bits === undefined ? max : /^\d{1,3}$/.test(bits) ? Number(bits) : NaN;
  return Number.isInteger(prefix) && prefix >= 0 && prefix <= max ? { family, address, prefix } : undefined;
}
