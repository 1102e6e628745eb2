import { describe, expect, it } from 'vitest';
import { formatFileSize } from '../src/utils/file-size';
import { formatDuration } from '../src/utils/media-duration';

describe('file sizes in units of 1024 (docs/product.md#media-messages)', () => {
  it('B, KB, MB, GB', () => {
    expect(formatFileSize(0)).toBe('0 B');
    expect(formatFileSize(1023)).toBe('1023 B');
    expect(formatFileSize(1024)).toBe('1 KB');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(1000 * 1024)).toBe('1000 KB');
    expect(formatFileSize(3 * 1024 * 1024)).toBe('3 MB');
    expect(formatFileSize(120 * 1024 * 1024)).toBe('120 MB');
    expect(formatFileSize(2.25 * 1024 ** 3)).toBe('2.3 GB');
    expect(formatFileSize(5 * 1024 ** 4)).toBe('5120 GB');
  });

  it('durations as m:ss', () => {
    expect(formatDuration(4.2)).toBe('0:04');
    expect(formatDuration(60)).toBe('1:00');
  });
});
