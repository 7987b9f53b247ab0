import AjvCompiler from '@fastify/ajv-compiler';
import type { FastifyInstance, FastifySchema, FastifySchemaCompiler, FastifySchemaValidationError, FastifyServerOptions } from 'fastify';

declare module 'fastify' {
  // Module augmentation merges interfaces only.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    /** Compiles every route's input validator now (a schema ajv refuses throws, naming the route). */
    compileAllValidators(): number;
  }
}

type ValidatorOf = ReturnType<FastifySchemaCompiler<FastifySchema>>;
type RouteSchema = Parameters<FastifySchemaCompiler<FastifySchema>>[0];
type ValidatorErrors = { errors?: FastifySchemaValidationError[] | null };

/**
 * Fastify's own validator compiler (ajv with the server's `ajv` options), compiling each route's
 * input schema on the route's first request instead of when the server starts. There are over 200
 * routes and a session uses a few dozen: compiling them all slowed every start (each server
 * test file starts one; see server/bench/README.md, server start). `compileAllValidators` compiles what is left, for the test that every
 * schema compiles (test/input-validation.test.ts).
 */
export function lazyValidators(): { schemaController: FastifyServerOptions['schemaController']; decorate(app: FastifyInstance): void } {
  const buildDefault = AjvCompiler();
  const pending = new Set<() => void>();
  const buildValidator = (externalSchemas: Parameters<typeof buildDefault>[0], options: Parameters<typeof buildDefault>[1]) => {
    const compile = buildDefault(externalSchemas, options) as unknown as FastifySchemaCompiler<FastifySchema>;
    return (route: RouteSchema): ValidatorOf => {
      let validate: ValidatorOf | undefined;
      const compileNow = (): ValidatorOf => {
        if (!validate) {
          try {
            validate = compile(route) as ValidatorOf;
          } catch (err) {
            throw new Error(`${route.method} ${route.url} (${route.httpPart}): ${(err as Error).message}`);
          } finally {
            pending.delete(compileNow);
          }
        }
        return validate;
      };
      pending.add(compileNow);
      // Fastify reads `errors` off the function it was given, after a call that returned false.
      const lazy = ((data: unknown) => {
        const current = compileNow();
        const result = current(data);
        lazy.errors = (current as ValidatorErrors).errors;
        return result;
      }) as ValidatorOf & ValidatorErrors;
      return lazy;
    };
  };
  return {
    // @fastify/ajv-compiler's declarations type the compiler's argument as a bare schema; Fastify passes
    // the route's {schema, method, url, httpPart} (FastifySchemaCompiler), which is what this takes.
    schemaController: { compilersFactory: { buildValidator: buildValidator as never } },
    decorate(app) {
      app.decorate('compileAllValidators', () => {
        const left = [...pending];
        for (const compileNow of left) compileNow();
        return left.length;
      });
    },
  };
}
