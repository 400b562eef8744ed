/**
 * A wrong method on a service's route is a 405 with the methods it has (Allow), not a 404 saying the route
 * does not exist. Every route registered after trackMethods is recorded in a router of its own, which the
 * not-found handlers ask.
 */
import FindMyWay from 'find-my-way';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

declare module 'fastify' {
  interface FastifyInstance {
    /** The methods routes have for a request's path (none: no route has the path). */
    allowedMethods?: (url: string) => string[];
  }
}

/** Records every route registered from now on; called on the root instance before the services register. */
export function trackMethods(app: FastifyInstance, maxParamLength: number): void {
  const router = FindMyWay({ maxParamLength });
  const seen = new Set<string>();
  app.addHook('onRoute', (route) => {
    // The site's files ("/*") are no route of a service's path: their 404 stays a 404.
    if (route.url === '/*') return;
    for (const method of [route.method].flat()) {
      const key = `${method} ${route.url}`;
      if (seen.has(key) || !(METHODS as readonly string[]).includes(method)) continue;
      seen.add(key);
      router.on(method as (typeof METHODS)[number], route.url, () => undefined);
    }
  });
  app.decorate('allowedMethods', (url: string) => {
    const path = url.split('?')[0];
    return METHODS.filter((method) => router.find(method, path) !== null);
  });
}

/** Answers 405 when the request's path has routes for other methods; false when it has none (a 404 then). */
export function refusedMethod(request: FastifyRequest, reply: FastifyReply): boolean {
  const allowed = request.server.allowedMethods?.(request.url) ?? [];
  if (allowed.length === 0 || allowed.includes(request.method)) return false;
  void reply
    .code(405)
    .header('allow', allowed.join(', '))
    .send({
      error: 'Method Not Allowed',
      message: `${request.method} is not allowed on ${request.url.split('?')[0].slice(0, 200)}; allowed: ${allowed.join(', ')}`,
    });
  return true;
}
