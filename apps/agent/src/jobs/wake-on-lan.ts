import dgram from 'node:dgram';

export type WakeOnLanTarget = { address: string; port: number };

const MAC_BYTES = 6;
const MAC_REPEATS = 16;
/** 6 × 0xFF then the MAC 16 times: 102 bytes. */
export const MAGIC_PACKET_BYTES = MAC_BYTES + MAC_BYTES * MAC_REPEATS;

/** The six bytes of `aa:bb:cc:dd:ee:ff` or `aa-bb-cc-dd-ee-ff`. */
export const macBytes = (mac: string): Buffer => {
  const hex = mac.split(/[:-]/);
  if (hex.length !== MAC_BYTES || hex.some((pair) => !/^[0-9a-fA-F]{2}$/.test(pair)))
    throw new Error(`not a MAC address: ${mac}`);
  return Buffer.from(hex.join(''), 'hex');
};

export const buildMagicPacket = (mac: string): Buffer => {
  const bytes = macBytes(mac);
  return Buffer.concat([Buffer.alloc(MAC_BYTES, 0xff), ...Array.from({ length: MAC_REPEATS }, () => bytes)]);
};

/** Sends one magic packet per MAC by UDP broadcast to the configured address and port. */
export const sendMagicPackets = async (macs: string[], target: WakeOnLanTarget): Promise<void> => {
  const packets = macs.map(buildMagicPacket);
  const socket = dgram.createSocket('udp4');
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once('error', reject);
      socket.bind(() => resolve());
    });
    socket.setBroadcast(true);
    for (const packet of packets) {
      await new Promise<void>((resolve, reject) =>
        socket.send(packet, target.port, target.address, (error) => (error ? reject(error) : resolve())),
      );
    }
  } finally {
    socket.close();
  }
};
