import swagger from '@fastify/swagger';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';

export interface ServiceInfo {
  title: string;
  description: string;
  /** Where the description is served, relative to the plugin's prefix (default /openapi.json). */
  path?: string;
}

/**
 * A service plugin that publishes its OpenAPI 3.1 description: the routes it registers (with their JSON
 * schemas), at {prefix}/openapi.json. Each service has its own description, as each may be deployed apart.
 */
export function documented<Options extends object>(plugin: FastifyPluginAsync<Options>, info: ServiceInfo): FastifyPluginAsync<Options> {
  return async (app: FastifyInstance, options: Options) => {
    await app.register(swagger, {
      openapi: { openapi: '3.1.0', info: { title: info.title, version: '1.0.0', description: info.description }, servers: [{ url: '/' }] },
    });
    // In a context of its own, so that the service's hooks (a sign-in check) do not guard its description.
    const { prefix: _prefix, ...own } = options as Options & { prefix?: string };
    await app.register(plugin, own as Options);
    app.get(info.path ?? '/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  };
}
