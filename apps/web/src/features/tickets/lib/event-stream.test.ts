import { describe, expect, it } from 'vitest';
import { type EventSourceLike, openStream } from './event-stream';

class FakeSource implements EventSourceLike {
  readyState = 0;
  closed = false;
  listeners = new Map<string, ((event: MessageEvent) => void)[]>();
  constructor(readonly url: string) {}
  addEventListener(type: string, listener: (event: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }
  emit(type: string, data = '') {
    for (const listener of this.listeners.get(type) ?? []) listener({ data } as MessageEvent);
  }
}

function setup() {
  const sources: FakeSource[] = [];
  const timers: { fn: () => void; ms: number; cleared: boolean }[] = [];
  const calls: string[] = [];
  const online = new EventTarget();
  const close = openStream({
    url: '/api/stream/tickets',
    events: ['ticket'],
    onEvent: (type, data) => calls.push(`${type}:${data}`),
    onReconnect: () => calls.push('reconnect'),
    onGiveUp: () => calls.push('gave up'),
    createSource: (url) => {
      const source = new FakeSource(url);
      sources.push(source);
      return source;
    },
    backoffMs: [10, 20],
    setTimer: (fn, ms) => {
      const timer = { fn, ms, cleared: false };
      timers.push(timer);
      return timer;
    },
    clearTimer: (handle) => {
      (handle as { cleared: boolean }).cleared = true;
    },
    onlineTarget: online,
  });
  return { sources, timers, calls, online, close };
}

describe('event stream', () => {
  it('passes named events on', () => {
    const { sources, calls } = setup();
    sources[0]?.emit('open');
    sources[0]?.emit('ticket', '{"id":1}');
    expect(calls).toEqual(['ticket:{"id":1}']);
  });

  it('lets the browser retry a dropped connection and refetches once it is back', () => {
    const { sources, timers, calls } = setup();
    const first = sources[0]!;
    first.emit('open');
    first.readyState = 0;
    first.emit('error');
    expect(timers).toHaveLength(0);
    first.emit('open');
    expect(calls).toEqual(['reconnect']);
  });

  it('reconnects by itself with growing pauses when the browser gives up', () => {
    const { sources, timers, calls } = setup();
    sources[0]!.readyState = 2;
    sources[0]!.emit('error');
    expect(timers.map((t) => t.ms)).toEqual([10]);
    timers[0]!.fn();
    expect(sources).toHaveLength(2);
    sources[1]!.readyState = 2;
    sources[1]!.emit('error');
    timers[1]!.fn();
    sources[2]!.readyState = 2;
    sources[2]!.emit('error');
    expect(timers.map((t) => t.ms)).toEqual([10, 20, 20]);
    timers[2]!.fn();
    sources[3]!.emit('open');
    expect(calls).toEqual(['gave up', 'gave up', 'gave up', 'reconnect']);
    // An event from a replaced connection is ignored.
    sources[0]!.emit('ticket', 'old');
    expect(calls).toEqual(['gave up', 'gave up', 'gave up', 'reconnect']);
  });

  it('reconnects at once when the network comes back', () => {
    const { sources, timers, online } = setup();
    sources[0]!.readyState = 2;
    sources[0]!.emit('error');
    online.dispatchEvent(new Event('online'));
    expect(timers[0]?.cleared).toBe(true);
    expect(sources).toHaveLength(2);
  });

  it('closes for good', () => {
    const { sources, timers, close, online } = setup();
    close();
    expect(sources[0]?.closed).toBe(true);
    online.dispatchEvent(new Event('online'));
    expect(sources).toHaveLength(1);
    expect(timers).toHaveLength(0);
  });
});
