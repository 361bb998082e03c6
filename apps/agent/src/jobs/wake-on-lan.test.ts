import dgram from 'node:dgram';
import { afterEach, describe, expect, it } from 'vitest';
import { buildMagicPacket, MAGIC_PACKET_BYTES, macBytes, sendMagicPackets } from './wake-on-lan.ts';

describe('magic packet', () => {
  it('is six 0xFF bytes then the MAC sixteen times (102 bytes)', () => {
    const packet = buildMagicPacket('52:54:00:12:34:5F');
    expect(packet).toHaveLength(102);
    expect(MAGIC_PACKET_BYTES).toBe(102);
    expect([...packet.subarray(0, 6)]).toEqual([0xff, 0xff, 0xff, 0xff, 0xff, 0xff]);
    for (let i = 0; i < 16; i++) {
      expect([...packet.subarray(6 + i * 6, 12 + i * 6)]).toEqual([0x52, 0x54, 0x00, 0x12, 0x34, 0x5f]);
    }
  });

  it('takes dashes and refuses what is not a MAC', () => {
    expect(macBytes('aa-bb-cc-dd-ee-ff')).toEqual(Buffer.from('aabbccddeeff', 'hex'));
    expect(() => buildMagicPacket('aa:bb:cc:dd:ee')).toThrow('not a MAC address');
    expect(() => buildMagicPacket('zz:bb:cc:dd:ee:ff')).toThrow('not a MAC address');
  });
});

describe('sending', () => {
  let listener: dgram.Socket | undefined;
  afterEach(() => listener?.close());

  it('sends one packet per MAC to the configured address and port (127.0.0.1 here)', async () => {
    listener = dgram.createSocket('udp4');
    const received: Buffer[] = [];
    listener.on('message', (message) => received.push(message));
    await new Promise<void>((resolve) => listener!.bind(0, '127.0.0.1', () => resolve()));
    const { port } = listener.address();
    await sendMagicPackets(['01:02:03:04:05:06', '0a:0b:0c:0d:0e:0f'], { address: '127.0.0.1', port });
    await expect.poll(() => received.length).toBe(2);
    expect(received.map((r) => r.length)).toEqual([102, 102]);
    expect(received[0]!.subarray(6, 12)).toEqual(Buffer.from('010203040506', 'hex'));
    expect(received[1]!.subarray(96, 102)).toEqual(Buffer.from('0a0b0c0d0e0f', 'hex'));
  });
});
