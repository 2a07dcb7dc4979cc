import { describe, expect, it } from 'vitest';
import { objectPublicPath } from '../lib/permalinks';
import { UPLOAD_PART_BYTES, formatContentRange, parseContentRange, uploadParts, uploadedObjectName } from './upload';

describe('uploadParts', () => {
  it('splits a file into consecutive parts of at most the part size', () => {
    const MiB = 1024 * 1024;
    expect(uploadParts(9 * MiB)).toEqual([
      { start: 0, end: 4 * MiB - 1, total: 9 * MiB },
      { start: 4 * MiB, end: 8 * MiB - 1, total: 9 * MiB },
      { start: 8 * MiB, end: 9 * MiB - 1, total: 9 * MiB },
    ]);
    expect(uploadParts(UPLOAD_PART_BYTES)).toEqual([{ start: 0, end: UPLOAD_PART_BYTES - 1, total: UPLOAD_PART_BYTES }]);
    expect(uploadParts(UPLOAD_PART_BYTES + 1)).toHaveLength(2);
    expect(uploadParts(10, 3).map(formatContentRange)).toEqual(['bytes 0-2/10', 'bytes 3-5/10', 'bytes 6-8/10', 'bytes 9-9/10']);
    expect(uploadParts(0)).toEqual([]);
  });
});

describe('parseContentRange', () => {
  it('reads the bytes <start>-<end>/<total> form, the one formatContentRange writes', () => {
    expect(parseContentRange('bytes 0-99/100')).toEqual({ start: 0, end: 99, total: 100 });
    expect(parseContentRange(formatContentRange({ start: 4194304, end: 8388607, total: 9437184 }))).toEqual({
      start: 4194304,
      end: 8388607,
      total: 9437184,
    });
  });
  it('refuses anything else', () => {
    for (const header of ['', 'bytes */100', 'bytes 0-99/*', 'bytes 0-99', 'bytes=0-99/100', 'items 0-99/100', 'bytes 10-9/100', 'bytes 0-100/100', 'bytes 0-99/100x', 'bytes 1e3-2e3/5e3', `bytes 0-1/${'9'.repeat(16)}`]) {
      expect(parseContentRange(header), header).toBeNull();
    }
  });
});

describe('uploadedObjectName', () => {
  const name = '0123456789abcdef0123456789abcdef';

  it('names the object of one of our upload paths, around blanks too', () => {
    expect(uploadedObjectName(objectPublicPath(name))).toBe(name);
    expect(uploadedObjectName(`  /objects/uploads/${name} `)).toBe(name);
  });

  it('is null for any other image address', () => {
    for (const path of [
      `https://images.example/objects/uploads/${name}`,
      `/objects/uploads/${name.toUpperCase()}`,
      `/objects/uploads/${name}/x`,
      `/objects/uploads/${name.slice(1)}`,
      '/objects/uploads/../secret',
      '',
    ]) {
      expect(uploadedObjectName(path), path).toBeNull();
    }
  });
});
