import fp from 'fastify-plugin';
import { type Bus, createBus } from './index.ts';

/** Decorates `app.bus`: the given bus (tests share one between two apps), or one from the config. */
export const busPlugin = fp<{ bus?: Bus }>(async (app, options) => {
  const bus = options.bus ?? (await createBus(app.config, app.log));
  app.decorate('bus', bus);
  // A bus handed in belongs to the caller; one made here is closed with the app.
  if (!options.bus) app.addHook('onClose', async () => bus.close());
});

declare module 'fastify' {
  interface FastifyInstance {
    bus: Bus;
  }
}
