import { describe, expect, it } from 'vitest';
import { checkImage } from './image-check.ts';

const segment = (marker: number, data: number[]) => [
  0xff,
  marker,
  (data.length + 2) >> 8,
  (data.length + 2) & 0xff,
  ...data,
];

/** A JPEG's structure: SOI, APP0, SOF0 (height, width), SOS, entropy-coded bytes, EOI. */
const makeJpeg = (width: number, height: number, tail: number[] = []) =>
  Buffer.from([
    0xff,
    0xd8,
    ...segment(0xe0, [0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]),
    ...segment(0xc0, [8, height >> 8, height & 0xff, width >> 8, width & 0xff, 1, 1, 0x11, 0]),
    ...segment(0xda, [1, 1, 0, 0, 0x3f, 0]),
    0x12,
    0x34,
    0xff,
    0x00,
    0x56,
    0xff,
    0xd9,
    ...tail,
  ]);

/** A lossless WebP (VP8L) header with its size, in a RIFF whose length is right. */
const makeWebp = (width: number, height: number, extra = Buffer.alloc(0)) => {
  const bits = Buffer.alloc(4);
  bits.writeUInt32LE(((width - 1) & 0x3fff) | (((height - 1) & 0x3fff) << 14));
  const data = Buffer.concat([Buffer.from([0x2f]), bits, Buffer.alloc(5)]);
  const chunkHeader = Buffer.alloc(8);
  chunkHeader.write('VP8L', 0, 'latin1');
  chunkHeader.writeUInt32LE(data.length, 4);
  const body = Buffer.concat([Buffer.from('WEBP', 'latin1'), chunkHeader, data]);
  const riff = Buffer.alloc(8);
  riff.write('RIFF', 0, 'latin1');
  riff.writeUInt32LE(body.length, 4);
  return Buffer.concat([riff, body, extra]);
};

describe('the built-in image check', () => {
  it('accepts a JPEG and a WebP that are what they claim, with their sizes', () => {
    expect(checkImage({ bytes: makeJpeg(320, 80), fileName: 'logo.jpeg', mimeType: 'image/jpeg' })).toEqual({
      ok: true,
      type: 'image/jpeg',
      width: 320,
      height: 80,
    });
    expect(checkImage({ bytes: makeWebp(300, 75), fileName: 'logo.webp', mimeType: 'image/webp' })).toEqual({
      ok: true,
      type: 'image/webp',
      width: 300,
      height: 75,
    });
  });

  it('flags data after the end, a mismatched claim and markup as suspicious', () => {
    const verdicts = [
      checkImage({ bytes: makeJpeg(10, 10, [0x3c, 0x68, 0x31]), fileName: 'a.jpg', mimeType: 'image/jpeg' }),
      checkImage({
        bytes: makeWebp(10, 10, Buffer.from('zip!')),
        fileName: 'a.webp',
        mimeType: 'image/webp',
      }),
      checkImage({ bytes: makeJpeg(10, 10), fileName: 'a.webp', mimeType: 'image/webp' }),
      checkImage({ bytes: makeJpeg(10, 10), fileName: 'a.jpg', mimeType: 'text/html' }),
      checkImage({
        bytes: Buffer.concat([
          makeJpeg(10, 10).subarray(0, 20),
          Buffer.from('<SCRIPT>'),
          makeJpeg(10, 10).subarray(20),
        ]),
        fileName: 'a.jpg',
        mimeType: 'image/jpeg',
      }),
      checkImage({ bytes: Buffer.from('GIF89a....'), fileName: 'a.gif', mimeType: 'image/gif' }),
    ];
    expect(verdicts.map((v) => (v.ok ? 'ok' : v.reason))).toEqual(Array(6).fill('suspicious'));
  });

  it('refuses damaged and oversized images as upload errors, not as suspicious', () => {
    const cut = makeJpeg(10, 10).subarray(0, 30);
    expect(checkImage({ bytes: cut, fileName: 'a.jpg', mimeType: 'image/jpeg' })).toMatchObject({
      ok: false,
      reason: 'invalid',
    });
    expect(
      checkImage({ bytes: makeJpeg(4096, 10), fileName: 'a.jpg', mimeType: 'image/jpeg' }),
    ).toMatchObject({
      ok: false,
      reason: 'invalid',
      detail: 'The image is larger than 2048 × 2048 pixels.',
    });
  });
});
