import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { countZipEntries } from '../../server/bots/zip-directory.js';

async function zipOf(count: number, comment?: string): Promise<Buffer> {
  const zip = new JSZip();
  for (let i = 0; i < count; i++) zip.file(`entry-${i}.txt`, 'x');
  return zip.generateAsync({ type: 'nodebuffer', comment });
}

/** A zip's central directory and end record alone (no file data): what the count reads. */
function bareDirectory(count: number, declared = count): Buffer {
  const record = Buffer.alloc(46 + 5);
  record.writeUInt32LE(0x02014b50, 0);
  record.writeUInt16LE(5, 28);
  record.write('a.txt', 46);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(declared, 8);
  end.writeUInt16LE(declared, 10);
  end.writeUInt32LE(record.length * count, 12);
  end.writeUInt32LE(0, 16);
  return Buffer.concat([...Array.from({ length: count }, () => record), end]);
}

describe('countZipEntries', () => {
  it('counts the entries of an archive from its end', async () => {
    expect(countZipEntries(await zipOf(0), 200)).toBe(0);
    expect(countZipEntries(await zipOf(3), 200)).toBe(3);
    expect(countZipEntries(await zipOf(200), 200)).toBe(200);
  });

  it('finds the end record behind an archive comment', async () => {
    expect(countZipEntries(await zipOf(5, 'made by '.repeat(500)), 200)).toBe(5);
  });

  it('stops counting one past the limit, however many entries there are', () => {
    expect(countZipEntries(bareDirectory(60_000), 200)).toBe(60_000);
    const lying = bareDirectory(60_000, 10);
    expect(countZipEntries(lying, 200)).toBe(201);
  });

  it('walks the records rather than trusting a count that lies', async () => {
    const data = await zipOf(300);
    const eocd = data.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    data.writeUInt16LE(2, eocd + 8);
    data.writeUInt16LE(2, eocd + 10);
    expect(countZipEntries(data, 200)).toBe(201);
  });

  it('leaves what is not a zip to the parser', () => {
    expect(countZipEntries(Buffer.from('PK\x03\x04 not really'), 200)).toBeNull();
    expect(countZipEntries(Buffer.alloc(0), 200)).toBeNull();
  });
});
