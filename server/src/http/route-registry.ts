import type { FastifyInstance, RouteOptions } from 'fastify';
import { unguardedRecordFields } from './record-policy';
import type { RouteDeclaration } from './route';

/**
 * Every route Fastify registers, with its declaration. Routes of ours carry it in `config`; routes that
 * plugins register (static files, the documentation pages) get theirs from `declareRoutesUnder`. The
 * server refuses to start when a route has none: a route without a declared input, access and record
 * check cannot slip in, and the authorization matrix test covers every route the day it exists.
 */
export type RegisteredRoute = { method: string; url: string; declaration: RouteDeclaration };

type Rule = { matches: (url: string) => boolean; declaration: RouteDeclaration };

declare module 'fastify' {
  // Module augmentation merges interfaces only.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    /** The registered routes (HEAD twins left out) with their declarations; complete once the app is ready. */
    registeredRoutes(): RegisteredRoute[];
    /** Declares the routes a plugin registers under a path (they cannot carry our config). */
    declareRoutesUnder(matches: (url: string) => boolean, declaration: RouteDeclaration): void;
  }
}

const methodsOf = (r: RouteOptions): string[] => (Array.isArray(r.method) ? r.method : [r.method]);

/** Call first, before any route is registered. */
export function trackRoutes(app: FastifyInstance): void {
  const seen: RouteOptions[] = [];
  const rules: Rule[] = [];
  app.addHook('onRoute', (route) => {
    seen.push(route);
  });
  const declarationOf = (r: RouteOptions): RouteDeclaration | undefined => r.config?.declaration ?? rules.find((rule) => rule.matches(r.url))?.declaration;

  app.decorate('declareRoutesUnder', (matches: (url: string) => boolean, declaration: RouteDeclaration) => {
    rules.push({ matches, declaration });
  });
  app.decorate('registeredRoutes', () =>
    seen.flatMap((r) => {
      const declaration = declarationOf(r);
      if (!declaration) return [];
      // A GET's automatic HEAD twin is the same route.
      return methodsOf(r).includes(declaration.method) ? [{ method: declaration.method, url: r.url, declaration }] : [];
    }),
  );
  app.addHook('onReady', async () => {
    const undeclared = seen.filter((r) => !declarationOf(r));
    if (undeclared.length > 0) {
      const list = undeclared.map((r) => `${methodsOf(r).join(',')} ${r.url}`).join('; ');
      throw new Error(`routes without a declaration (defineRoute: input, access, record check): ${list}`);
    }
    // A route whose input names someone's record (an Id / Ids field of an owned record) guards it with a policy.
    const unguarded = seen.flatMap((r) => {
      const d = declarationOf(r);
      const fields = d ? unguardedRecordFields(d.input, d.record) : [];
      return fields.length > 0 ? [`${methodsOf(r).join(',')} ${r.url}: ${fields.join(', ')}`] : [];
    });
    if (unguarded.length > 0) throw new Error(`routes naming records without a record policy (record: …, see record-policy.ts): ${unguarded.join('; ')}`);
  });
}
