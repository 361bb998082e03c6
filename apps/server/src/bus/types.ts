/** A message handler; messages are plain JSON values. */
export type BusHandler = (message: unknown, subject: string) => void;

/**
 * Publish/subscribe between the parts of the server, and between server processes when NATS is
 * configured. Subjects are dot-separated tokens; `*` matches one token and `>` the rest (NATS rules).
 */
export type Bus = {
  kind: 'memory' | 'nats';
  publish: (subject: string, message: unknown) => void;
  /** Returns the function that ends the subscription. */
  subscribe: (subject: string, handler: BusHandler) => () => void;
  /** Resolves once the subscriptions made so far receive what any process publishes from now on. */
  flush: () => Promise<void>;
  close: () => Promise<void>;
};
