import type { Redis } from 'ioredis';
import { connectRedis } from '../lib/redis-client';
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
    // While Redis is down a publish fails at once instead of holding a request;
    // the event is lost, and clients refetch when their stream reconnects.
    this.pub = connectRedis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
    this.sub = connectRedis(url, { maxRetriesPerRequest: null });
    // A lost connection is retried by ioredis; it must not crash the process.
    this.pub.on('error', () => {});
    this.sub.on('error', () => {});
    // (Re)subscribe every channel whenever the connection is ready, so a server
    // that started while Redis was down, or lost it, resumes delivery by itself.
    this.sub.on('ready', () => {
      const channels = [...this.handlers.keys()];
      if (channels.length) this.sub.subscribe(...channels).catch(() => {});
    });
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

  /**
   * Resolves once the publishing connection is up. A short-lived process (the
   * admin command) needs it: publish() fails at once while connecting.
   */
  async whenReady(timeoutMs: number): Promise<void> {
    if (this.pub.status === 'ready') return;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pub.off('ready', onReady);
        reject(new Error(`Redis did not answer within ${timeoutMs} ms`));
      }, timeoutMs);
      const onReady = () => {
        clearTimeout(timer);
        resolve();
      };
      this.pub.once('ready', onReady);
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
      // Not ready yet: the 'ready' handler subscribes it; start-up never waits for Redis.
      if (this.sub.status === 'ready') await this.sub.subscribe(channel).catch(() => {});
    }
    set.add(handler);
    return async () => {
      set.delete(handler);
      if (set.size === 0 && this.handlers.get(channel) === set) {
        this.handlers.delete(channel);
        // While disconnected there is nothing to undo: 'ready' subscribes only live channels.
        if (this.sub.status === 'ready') await this.sub.unsubscribe(channel).catch(() => {});
      }
    };
  }

  async close(): Promise<void> {
    this.handlers.clear();
    // quit() would wait forever in the offline queue while Redis is unreachable.
    await Promise.allSettled(
      [this.pub, this.sub].map((c) => (c.status === 'ready' ? c.quit() : c.disconnect())),
    );
  }
}
