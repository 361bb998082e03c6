import { act } from '@testing-library/react';
import { vi } from 'vitest';

/** Stands in for the browser's WebSocket: the test plays the server. */
export class FakeWebSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static instances: FakeWebSocket[] = [];
  readyState = FakeWebSocket.CONNECTING;
  onopen: (() => void) | null = null;
  onmessage: ((message: { data: string }) => void) | null = null;
  onclose: ((close: { code: number }) => void) | null = null;
  close = vi.fn();
  constructor(readonly url: string) {
    FakeWebSocket.instances.push(this);
  }
  open() {
    this.readyState = FakeWebSocket.OPEN;
    act(() => this.onopen?.());
  }
  receive(event: object) {
    if (this.readyState !== FakeWebSocket.OPEN) this.open();
    act(() => this.onmessage?.({ data: JSON.stringify({ time: new Date().toISOString(), ...event }) }));
  }
  drop(code = 1006) {
    act(() => this.onclose?.({ code }));
  }
}
