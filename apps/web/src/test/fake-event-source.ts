/**
 * An EventSource the test drives: every stream the screen opens is listed in
 * `FakeEventSource.open`, and `emit` plays a server event into it. Install it
 * with `vi.stubGlobal('EventSource', FakeEventSource)` after emptying `open`.
 */
export class FakeEventSource {
  static open: FakeEventSource[] = [];
  readyState = 1;
  private readonly listeners = new Map<string, Array<(event: MessageEvent) => void>>();
  constructor(readonly url: string) {
    FakeEventSource.open.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    FakeEventSource.open = FakeEventSource.open.filter((source) => source !== this);
  }
  emit(type: string, data: unknown) {
    const event = new MessageEvent(type, { data: JSON.stringify(data) });
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
}
