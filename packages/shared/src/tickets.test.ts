import { describe, expect, it } from 'vitest';
import { TICKET_LIST_LIMIT_DEFAULT, TICKET_LIST_LIMIT_MAX } from './limits';
import {
  FileAttachmentSchema,
  TicketIdParamSchema,
  TicketListQuerySchema,
  TicketStatusBodySchema,
  TicketThreadEventSchema,
} from './tickets';

describe('tickets contract', () => {
  it('reads the list query from text, with a bounded page size', () => {
    expect(TicketListQuerySchema.parse({})).toEqual({ limit: TICKET_LIST_LIMIT_DEFAULT });
    expect(TicketListQuerySchema.parse({ limit: '20', status: 'closed' })).toEqual({
      limit: 20,
      status: 'closed',
    });
    for (const limit of ['0', String(TICKET_LIST_LIMIT_MAX + 1), '1.5', 'x']) {
      expect(TicketListQuerySchema.safeParse({ limit }).success).toBe(false);
    }
    expect(TicketListQuerySchema.safeParse({ status: 'archived' }).success).toBe(false);
  });

  it('keeps only the status from a status body', () => {
    expect(TicketStatusBodySchema.parse({ status: 'open', is_admin: true })).toEqual({
      status: 'open',
    });
  });

  it('accepts ticket ids of up to 10 digits only', () => {
    expect(TicketIdParamSchema.safeParse('1234567890').success).toBe(true);
    for (const id of ['', '12345678901', '1e3', '-1', ' 1']) {
      expect(TicketIdParamSchema.safeParse(id).success).toBe(false);
    }
  });

  it('describes an attachment, dimensions and thumbnail optional', () => {
    const file = {
      id: 'a',
      url: '/api/files/a',
      filename: 'a.pdf',
      mimetype: 'application/pdf',
      size: 3,
      isImage: false,
    };
    expect(FileAttachmentSchema.parse(file)).toEqual(file);
    expect(FileAttachmentSchema.safeParse({ ...file, size: -1 }).success).toBe(false);
  });

  it('never carries a creation on a thread stream', () => {
    expect(TicketThreadEventSchema.safeParse({ type: 'created', ticket_id: 1 }).success).toBe(
      false,
    );
    expect(TicketThreadEventSchema.parse({ type: 'message', ticket_id: 1, message_id: 2 })).toEqual(
      { type: 'message', ticket_id: 1, message_id: 2 },
    );
  });
});
