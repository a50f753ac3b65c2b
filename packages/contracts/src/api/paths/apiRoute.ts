/** A route of the API: its Fastify pattern and the builder of its paths (see ../paths.ts). */

/** The `:name` parameters of a route pattern (a parameter runs up to the next `/`). */
export type ApiParamName<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ApiParamName<Rest>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

export type ApiParams<P extends string> = { readonly [K in ApiParamName<P>]: string };

/** Query string parameters, appended URI-encoded in the order given. */
export type ApiQuery = Readonly<Record<string, string>>;

export interface ApiRoute<P extends string = string> {
  /** The Fastify route pattern. */
  readonly pattern: P;
  /** The path with every parameter URI-encoded, and the query string if one is given. */
  build(...args: [ApiParamName<P>] extends [never] ? [params?: ApiParams<P>, query?: ApiQuery] : [params: ApiParams<P>, query?: ApiQuery]): string;
}

const enc = encodeURIComponent;

export function apiRoute<const P extends string>(pattern: P): ApiRoute<P> {
  const build = (params: Readonly<Record<string, string>> = {}, query?: ApiQuery): string => {
    const path = pattern.replace(/:(\w+)/g, (_, name: string) => {
      const value = params[name];
      if (value === undefined) throw new Error(`missing parameter ${name} of ${pattern}`);
      return enc(value);
    });
    const search = query ? Object.entries(query).map(([key, value]) => `${enc(key)}=${enc(value)}`) : [];
    return search.length ? `${path}?${search.join('&')}` : path;
  };
  return { pattern, build } as ApiRoute<P>;
}
