import type { InventoryNetworkInterface } from '@rmm/domain';

/** IPv4 subnets from an inventory's interfaces, and which of two devices share one. */

type Nic = Pick<InventoryNetworkInterface, 'ipv4' | 'ipv4Netmasks' | 'mac' | 'isInternal'>;
export type Subnet = { network: number; mask: number };

const DEFAULT_PREFIX = 24;

export const parseIpv4 = (text: string): number | undefined => {
  const parts = text.trim().split('.');
  if (parts.length !== 4 || parts.some((p) => !/^\d{1,3}$/.test(p) || Number(p) > 255)) return undefined;
  return parts.reduce((value, part) => value * 256 + Number(part), 0) >>> 0;
};

const prefixMask = (prefix: number) => (prefix === 0 ? 0 : (0xffffffff << (32 - prefix)) >>> 0);

/** A dotted netmask or a prefix length; anything else (or a non-contiguous mask) means /24. */
export const parseMask = (text: string | undefined): number => {
  if (text && /^\d{1,2}$/.test(text) && Number(text) <= 32) return prefixMask(Number(text));
  const mask = text ? parseIpv4(text) : undefined;
  const isContiguous = mask !== undefined && ((~mask >>> 0) & ((~mask >>> 0) + 1)) === 0;
  return isContiguous && mask !== 0 ? mask : prefixMask(DEFAULT_PREFIX);
};

/** Each IPv4 address with its mask (a CIDR suffix wins over the netmask list), loopback left out. */
export const subnetsOf = (nics: Nic[]): Subnet[] =>
  nics
    .filter((nic) => !nic.isInternal)
    .flatMap((nic) =>
      nic.ipv4.map((entry, i) => {
        const [address = '', prefix] = entry.split('/');
        const ip = parseIpv4(address);
        const mask = parseMask(prefix ?? nic.ipv4Netmasks?.[i]);
        return ip === undefined ? undefined : { network: (ip & mask) >>> 0, mask };
      }),
    )
    .filter((subnet): subnet is Subnet => subnet !== undefined && subnet.network >>> 24 !== 127);

/** Whether an address of the target lies in one of the agent's own subnets (its broadcast reaches it). */
export const sharesSubnet = (agent: Subnet[], target: Nic[]): boolean => {
  const targetAddresses = target
    .filter((nic) => !nic.isInternal)
    .flatMap((nic) => nic.ipv4.map((entry) => parseIpv4(entry.split('/')[0] ?? '')))
    .filter((ip): ip is number => ip !== undefined);
  return agent.some((s) => targetAddresses.some((ip) => (ip & s.mask) >>> 0 === s.network));
};

const MAC = /^[0-9a-fA-F]{2}([:-][0-9a-fA-F]{2}){5}$/;
const ZERO_MAC = /^00([:-]00){5}$/;

/** The target's MACs a magic packet can use: well-formed, not all zero, not loopback; no repeats. */
export const usableMacs = (nics: Nic[]): string[] => [
  ...new Set(
    nics
      .filter((nic) => !nic.isInternal && MAC.test(nic.mac) && !ZERO_MAC.test(nic.mac))
      .map((nic) => nic.mac.toLowerCase().replaceAll('-', ':')),
  ),
];
