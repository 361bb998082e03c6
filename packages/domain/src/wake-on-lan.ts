/** The Wake-on-LAN magic packet, built by the agent that wakes a device and checked by the tests. */

const MAC_BYTES = 6;
const MAC_REPEATS = 16;
/** 6 × 0xFF then the MAC 16 times: 102 bytes. */
export const MAGIC_PACKET_BYTES = MAC_BYTES + MAC_BYTES * MAC_REPEATS;

/** The six bytes of `aa:bb:cc:dd:ee:ff` or `aa-bb-cc-dd-ee-ff`. */
export const macAddressBytes = (mac: string): Uint8Array => {
  const hex = mac.split(/[:-]/);
  if (hex.length !== MAC_BYTES || hex.some((pair) => !/^[0-9a-fA-F]{2}$/.test(pair)))
    throw new Error(`not a MAC address: ${mac}`);
  return Uint8Array.from(hex, (pair) => Number.parseInt(pair, 16));
};

export const magicPacketOf = (mac: string): Uint8Array => {
  const bytes = macAddressBytes(mac);
  const packet = new Uint8Array(MAGIC_PACKET_BYTES).fill(0xff, 0, MAC_BYTES);
  for (let n = 0; n < MAC_REPEATS; n++) packet.set(bytes, MAC_BYTES + n * MAC_BYTES);
  return packet;
};
