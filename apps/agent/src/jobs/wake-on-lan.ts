import dgram from 'node:dgram';
import { macAddressBytes, magicPacketOf } from '@rmm/domain/wake-on-lan';

export type WakeOnLanTarget = { address: string; port: number };

export { MAGIC_PACKET_BYTES } from '@rmm/domain/wake-on-lan';

/** The six bytes of `aa:bb:cc:dd:ee:ff` or `aa-bb-cc-dd-ee-ff`. */
export const macBytes = (mac: string): Buffer => Buffer.from(macAddressBytes(mac));

export const buildMagicPacket = (mac: string): Buffer => Buffer.from(magicPacketOf(mac));

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
