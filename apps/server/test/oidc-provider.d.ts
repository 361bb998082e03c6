// oidc-provider 9 ships no types: the little of it the single sign-on tests use.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export type Grant = {
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  };
  export type GrantClass = {
    new (init: { accountId: string; clientId: string }): Grant;
    find(id: string): Promise<Grant | undefined>;
  };
  export type Interaction = {
    uid: string;
    prompt: { name: string; reasons: string[] };
    params: Record<string, unknown>;
  };

  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    Grant: GrantClass;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Interaction>;
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
    on(event: string, listener: (...args: unknown[]) => void): this;
  }
}
