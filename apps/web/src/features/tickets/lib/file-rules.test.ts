import { describe, expect, it } from 'vitest';
import {
  FILE_TOO_LARGE_MESSAGE,
  TOO_MANY_FILES_MESSAGE,
  UNSUPPORTED_FILE_MESSAGE,
} from '~/lib/error-messages';
import {
  addFiles,
  addFilesNotices,
  canSend,
  filesForSend,
  isAcceptedFile,
  isImageFile,
  MAX_FILE_BYTES,
} from './file-rules';

const png = (name = 'a.png', size = 100) => ({ name, size, type: 'image/png' });
const big = () => ({ name: 'big.jpg', size: MAX_FILE_BYTES + 1, type: 'image/jpeg' });

describe('file rules', () => {
  it('accepts PNG, JPG, JPEG and WEBP images and PDF, TXT, ZIP files', () => {
    for (const name of ['a.png', 'a.jpg', 'a.JPEG', 'a.webp', 'a.pdf', 'a.txt', 'a.zip']) {
      expect(isAcceptedFile({ name, size: 1, type: '' })).toBe(true);
    }
    expect(isAcceptedFile({ name: 'a.gif', size: 1, type: 'image/gif' })).toBe(false);
    expect(isAcceptedFile({ name: 'a.exe', size: 1, type: 'application/x-msdownload' })).toBe(
      false,
    );
    expect(isAcceptedFile({ name: 'x', size: 1, type: 'application/x-zip-compressed' })).toBe(true);
    expect(isImageFile(png())).toBe(true);
    expect(isImageFile({ name: 'a.pdf', size: 1, type: 'application/pdf' })).toBe(false);
  });

  it('allows exactly 8 MB and skips a larger picked or pasted file with the toast', () => {
    const exact = { name: 'ok.png', size: MAX_FILE_BYTES, type: 'image/png' };
    for (const source of ['picker', 'paste'] as const) {
      const result = addFiles([], [exact, big()], source);
      expect(result.files).toEqual([exact]);
      expect(result.tooLarge).toBe(1);
      expect(addFilesNotices(result)).toEqual([FILE_TOO_LARGE_MESSAGE]);
    }
    expect(FILE_TOO_LARGE_MESSAGE).toBe('Plik nie może być większy niż 8MB');
  });

  it('size-checks dropped files too, listing the oversize one as refused (issue 18)', () => {
    const dropped = addFiles([], [png(), big()], 'drop');
    expect(dropped.files).toEqual([png()]);
    expect(dropped.refused).toEqual([{ file: big(), reason: 'size' }]);
    expect(filesForSend([png(), big()])).toEqual([png()]);
  });

  it('gives each refused file its reason: type, size or count', () => {
    const four = [png('1.png'), png('2.png'), png('3.png'), png('4.png')];
    const gif = { name: 'a.gif', size: 1, type: 'image/gif' };
    const result = addFiles(four, [gif, big(), png('5.png'), png('6.png')], 'picker');
    expect(result.refused.map((r) => [r.file.name, r.reason])).toEqual([
      ['a.gif', 'type'],
      ['big.jpg', 'size'],
      ['6.png', 'count'],
    ]);
  });

  it('accepts the office documents of the shared list, by type or by extension', () => {
    for (const name of ['a.docx', 'a.xlsx', 'a.pptx', 'a.odt', 'a.ods', 'a.odp']) {
      expect(isAcceptedFile({ name, size: 1, type: '' })).toBe(true);
    }
    expect(isAcceptedFile({ name: 'makro.docm', size: 1, type: '' })).toBe(false);
  });

  it('keeps at most 5 files per message', () => {
    const four = [png('1.png'), png('2.png'), png('3.png'), png('4.png')];
    const result = addFiles(four, [png('5.png'), png('6.png')], 'picker');
    expect(result.files.map((f) => f.name)).toEqual(['1.png', '2.png', '3.png', '4.png', '5.png']);
    expect(result.overLimit).toBe(1);
    expect(addFilesNotices(result)).toEqual([TOO_MANY_FILES_MESSAGE]);
  });

  it('rejects unsupported types with a notice', () => {
    const result = addFiles([], [{ name: 'a.gif', size: 1, type: 'image/gif' }], 'paste');
    expect(result.files).toEqual([]);
    expect(addFilesNotices(result)).toEqual([UNSUPPORTED_FILE_MESSAGE]);
  });

  it('needs trimmed text or a file that will be sent', () => {
    expect(canSend('   ', [])).toBe(false);
    expect(canSend(' hej ', [])).toBe(true);
    expect(canSend('', [png()])).toBe(true);
    expect(canSend('', [big()])).toBe(false);
  });
});
