// Writes the app's PNG icons (a white "F" on the brand navy) with nothing but zlib: run `node scripts/make-icons.mjs`.
import { deflateSync } from 'node:zlib';
import { writeFileSync } from 'node:fs';

const NAVY = [0x19, 0x24, 0x4f];
const WHITE = [0xff, 0xff, 0xff];

function crc32(buf) {
  let c = ~0;
  for (const byte of buf) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}

function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** The "F" of the favicon, on a 64-unit grid, scaled; `inset` shrinks it for maskable icons' safe zone. */
function icon(size, inset) {
  const rows = [];
  const scale = (size * (1 - 2 * inset)) / 64;
  const offset = size * inset;
  const inF = (x, y) => {
    const u = (x - offset) / scale;
    const v = (y - offset) / scale;
    return (
      (u >= 22 && u < 31 && v >= 14 && v < 50) ||
      (u >= 22 && u < 46 && v >= 14 && v < 22) ||
      (u >= 22 && u < 44 && v >= 29 && v < 37)
    );
  };
  for (let y = 0; y < size; y++) {
    const row = [0];
    for (let x = 0; x < size; x++) row.push(...(inF(x + 0.5, y + 0.5) ? WHITE : NAVY));
    rows.push(Buffer.from(row));
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8;
  header[9] = 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

writeFileSync('public/icon-192.png', icon(192, 0));
writeFileSync('public/icon-512.png', icon(512, 0));
writeFileSync('public/icon-maskable-512.png', icon(512, 0.1));
writeFileSync('public/apple-touch-icon.png', icon(180, 0.05));
