import { describe, expect, it } from 'vitest';
import { announcedMessageId, isAlreadyShown, updatedTicketId } from './stream-events';

describe('stream event data', () => {
  it('reads the announced message id as the server sends it', () => {
    expect(announcedMessageId('{"type":"message","ticket_id":4,"message_id":17}')).toBe(17);
  });

  it('finds no message in a status change, unreadable data or a wrong type', () => {
    expect(announcedMessageId('{"type":"status","ticket_id":4,"status":"closed"}')).toBeNull();
    expect(announcedMessageId('not json')).toBeNull();
    expect(announcedMessageId('')).toBeNull();
    expect(announcedMessageId('{"message_id":"17"}')).toBeNull();
  });

  it('treats only a message already in the thread as shown', () => {
    const thread = [{ id: 16 }, { id: 17 }];
    expect(isAlreadyShown('{"message_id":17}', thread)).toBe(true);
    expect(isAlreadyShown('{"message_id":18}', thread)).toBe(false);
    expect(isAlreadyShown('{"message_id":17}', undefined)).toBe(false);
    expect(isAlreadyShown('{"type":"status","status":"open"}', thread)).toBe(false);
  });
});

describe('updatedTicketId', () => {
  it('names the ticket of an `updated` list event only', () => {
    expect(updatedTicketId('{"type":"updated","ticket_id":42}')).toBe(42);
    expect(updatedTicketId('{"type":"status","ticket_id":42,"status":"closed"}')).toBeNull();
    expect(updatedTicketId('{"type":"updated"}')).toBeNull();
    expect(updatedTicketId('nie json')).toBeNull();
  });
});
