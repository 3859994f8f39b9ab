import { Redis } from 'ioredis';
import type { EventBus } from './bus';

/**
 * The event bus across instances: Redis pub/sub. One connection publishes,
 * one subscribes (a subscribed Redis connection can do nothing else); local
 * handlers are fanned out here so each channel is subscribed once.
 */
export class RedisEventBus implements EventBus {
  private readonly pub: Redis;
  private readonly sub: Redis;
  private readonly handlers = new Map<string, Set<(payload: unknown) => void>>();

  constructor(url: string) {
    const options = { maxRetriesPerRequest: 3, lazyConnect: false };
    this.pub = new Redis(url, options);
    this.sub = new Redis(url, options);
    // A lost connection is retried by ioredis; it must not crash the process.
    this.pub.on('error', () => {});
    this.sub.on('error', () => {});
    this.sub.on('message', (channel: string, message: string) => {
      let payload: unknown;
      try {
        payload = JSON.parse(message);
      } catch {
        return;
      }
      for (const handler of this.handlers.get(channel) ?? []) {
        try {
          handler(payload);
        } catch {
          // One faulty subscriber must not stop delivery to the others.
        }
      }
    });
  }

  async publish(channel: string, payload: unknown): Promise<void> {
    await this.pub.publish(channel, JSON.stringify(payload));
  }

  async subscribe(channel: string, handler: (payload: unknown) => void) {
    let set = this.handlers.get(channel);
    if (!set) {
      set = new Set();
      this.handlers.set(channel, set);
      await this.sub.subscribe(channel);
    }
    set.add(handler);
    return async () => {
      set.delete(handler);
      if (set.size === 0 && this.handlers.get(channel) === set) {
        this.handlers.delete(channel);
        await this.sub.unsubscribe(channel).catch(() => {});
      }
    };
  }

  async close(): Promise<void> {
    this.handlers.clear();
    await Promise.allSettled([this.pub.quit(), this.sub.quit()]);
  }
}
