import { describe, expect, it } from 'vitest';
import {
  formatFileSize,
  parseAttachments,
  parseMessage,
  parseMessages,
  toArray,
} from './attachments';

const file = {
  id: 7,
  url: '/api/files/7',
  filename: 'raport.pdf',
  mimetype: 'application/pdf',
  size: 1234,
  isImage: false,
};

describe('attachments', () => {
  it('reads files given as an array', () => {
    expect(parseAttachments({ files: [file] })).toEqual([{ ...file, id: '7' }]);
  });

  it('reads files given as a JSON string', () => {
    expect(parseAttachments({ files: JSON.stringify([file]) })).toEqual([{ ...file, id: '7' }]);
  });

  it('falls back to the legacy images field as an array or a JSON string', () => {
    const legacy = [{ id: 3, url: '/uploads/a.jpg', size: 10 }];
    for (const images of [legacy, JSON.stringify(legacy)]) {
      expect(parseAttachments({ files: [], images })).toEqual([
        {
          id: '3',
          url: '/uploads/a.jpg',
          filename: 'a.jpg',
          mimetype: 'image/jpeg',
          size: 10,
          isImage: true,
        },
      ]);
    }
  });

  it('turns a bare legacy image URL into a jpeg image', () => {
    const [only] = parseAttachments({ images: '["/uploads/x%20y.png"]' });
    expect(only).toMatchObject({
      url: '/uploads/x%20y.png',
      filename: 'x y.png',
      mimetype: 'image/jpeg',
      isImage: true,
    });
  });

  it('prefers files over images when both exist', () => {
    expect(parseAttachments({ files: [file], images: ['/old.jpg'] })).toHaveLength(1);
  });

  it('derives isImage from the mimetype when the flag is missing', () => {
    const [img] = parseAttachments({
      files: [{ id: 1, url: '/f/1', mimetype: 'image/webp', size: 1 }],
    });
    expect(img?.isImage).toBe(true);
  });

  it('keeps the thumbnail URL when given', () => {
    const [img] = parseAttachments({ files: [{ ...file, isImage: true, thumbnailUrl: '/t/7' }] });
    expect(img?.thumbnailUrl).toBe('/t/7');
  });

  it('ignores broken JSON, non-arrays and entries without a URL', () => {
    expect(toArray('{oops')).toEqual([]);
    expect(toArray('{"a":1}')).toEqual([]);
    expect(parseAttachments({ files: 'nonsense', images: null })).toEqual([]);
    expect(parseAttachments({ files: [{ id: 1 }, 42, null] })).toEqual([]);
  });

  it('parses a message list and skips malformed messages', () => {
    const messages = parseMessages({
      messages: [
        {
          id: 1,
          user_id: 2,
          username: 'ala',
          is_admin: true,
          body: 'hej',
          created_at: 'x',
          files: [],
        },
        { nope: true },
        { id: 2, user_id: 2, username: 'ala', is_admin: true, body: 'n', internal: true },
        { id: 3, user_id: 2, username: 'ala', is_admin: true, body: 'x', internal: 'true' },
      ],
    });
    expect(messages).toEqual([
      {
        id: 1,
        user_id: 2,
        username: 'ala',
        is_admin: true,
        body: 'hej',
        created_at: 'x',
        files: [],
        internal: false,
        email_sender: null,
      },
      {
        id: 2,
        user_id: 2,
        username: 'ala',
        is_admin: true,
        body: 'n',
        created_at: '',
        files: [],
        internal: true,
        email_sender: null,
      },
      // Only a real `true` marks a note.
      {
        id: 3,
        user_id: 2,
        username: 'ala',
        is_admin: true,
        body: 'x',
        created_at: '',
        files: [],
        internal: false,
        email_sender: null,
      },
    ]);
    expect(parseMessage(null)).toBeNull();
  });

  it('formats sizes the Polish way', () => {
    expect(formatFileSize(512)).toBe('512 B');
    expect(formatFileSize(1536)).toBe('1,5 KB');
    expect(formatFileSize(8 * 1024 * 1024)).toBe('8,0 MB');
    expect(formatFileSize(20 * 1024 * 1024)).toBe('20 MB');
  });
});
