import { describe, expect, it } from 'vitest';
import {
  apiRoute,
  brandApi,
  cardApi,
  demoApi,
  giftCardApi,
  identityApi,
  payoutApi,
  replaceApi,
  resetApi,
  utilityApi,
  visaApi,
  type ApiRoute,
} from '../src/index.js';

const groups = { brandApi, utilityApi, giftCardApi, resetApi, replaceApi, visaApi, payoutApi, identityApi, demoApi, cardApi };
const routes: [string, ApiRoute][] = Object.entries(groups).flatMap(([group, calls]) =>
  Object.entries(calls).map(([name, route]): [string, ApiRoute] => [`${group}.${name}`, route]),
);

/** The pattern as Fastify (find-my-way) reads it: static parts and `:name` parameters between slashes. */
function fastifyMatcher(pattern: string): { regex: RegExp; names: string[] } {
  const names: string[] = [];
  const source = pattern
    .split('/')
    .map((part) => {
      if (!part.startsWith(':')) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(part.slice(1));
      return '([^/?]+)';
    })
    .join('/');
  return { regex: new RegExp(`^${source}(?:\\?.*)?$`), names };
}

describe('API routes', () => {
  it('are Fastify patterns: absolute, `:name` parameters only as whole segments, no wildcards', () => {
    for (const [name, { pattern }] of routes) {
      expect(pattern, name).toMatch(/^(\/([A-Za-z0-9._-]+|:[A-Za-z]\w*))+\/?$/);
    }
  });

  it('are declared once each', () => {
    const patterns = routes.map(([, route]) => route.pattern);
    expect(new Set(patterns).size).toBe(patterns.length);
  });

  it('build a path the pattern matches, every parameter URI-encoded', () => {
    const awkward = 'a b/c?d&é';
    for (const [name, route] of routes) {
      const { regex, names } = fastifyMatcher(route.pattern);
      const params = Object.fromEntries(names.map((param) => [param, awkward]));
      const path = (route.build as (p: Record<string, string>) => string)(params);
      const match = regex.exec(path);
      expect(match, `${name}: ${path}`).not.toBeNull();
      expect(match!.slice(1).map(decodeURIComponent), name).toEqual(names.map(() => awkward));
    }
  });

  it('build a path without parameters as the pattern itself', () => {
    expect(giftCardApi.lookup.build()).toBe('/api/GiftCard/');
    expect(identityApi.return.build()).toBe('/api/Authentication/return');
    expect(cardApi.block.build()).toBe('/api/cards/block');
  });

  it('append a query string, encoded, in the order given', () => {
    expect(brandApi.translations.build({ slug: 'demo' }, { culture: 'nl' })).toBe('/api/translations/demo?culture=nl');
    expect(identityApi.customer.build({ themeCode: 'd e' }, { sessionId: 'a&b', x: '1' })).toBe(
      '/api/Authentication/d%20e/customer?sessionId=a%26b&x=1',
    );
  });

  it('infer the parameter names from the pattern', () => {
    const route = apiRoute('/api/:brand/things/:id/');
    expect(route.build({ brand: 'b', id: '7' })).toBe('/api/b/things/7/');
    // @ts-expect-error: `id` is missing
    expect(() => route.build({ brand: 'b' })).toThrow('missing parameter id');
    // @ts-expect-error: a parameter the pattern does not name
    expect(resetApi.recovery.build({ themeCode: 't', other: 'x' })).toBe('/api/recovery/t/');
  });

  it('build every path the API has always answered on', () => {
    expect(brandApi.theme.build({ id: 'a/b' })).toBe('/api/theme/a%2Fb');
    expect(brandApi.customCss.build({ id: 'demo' })).toBe('/api/css/theme/demo/custom.css');
    expect(brandApi.translations.build({ slug: 'demo' }, { culture: 'en' })).toBe('/api/translations/demo?culture=en');
    expect(utilityApi.captchaKey.build()).toBe('/api/Utility/Recaptcha');
    expect(utilityApi.errorReport.build()).toBe('/api/Utility/Error');
    expect(giftCardApi.lookup.build()).toBe('/api/GiftCard/');
    expect(resetApi.recovery.build({ themeCode: 'demo' })).toBe('/api/recovery/demo/');
    expect(replaceApi.lookup.build()).toBe('/api/ReplaceCard/');
    expect(replaceApi.replace.build({ themeCode: 'demo' })).toBe('/api/replacecard/demo/replace');
    expect(visaApi.requestActivationCode.build({ themeCode: 'demo' })).toBe('/api/visa/RequestActivationCode/demo');
    expect(visaApi.useActivationCode.build({ themeCode: 'demo' })).toBe('/api/visa/UseActivationCode/demo/');
    expect(visaApi.updateHolderInformation.build({ themeCode: 'demo' })).toBe('/api/visa/UpdateHolderInformation/demo/');
    expect(visaApi.getHolderInformation.build({ themeCode: 'demo' })).toBe('/api/visa/GetHolderInformation/demo/');
    expect(visaApi.getPin.build({ themeCode: 'demo' })).toBe('/api/visa/getPin/demo');
    expect(visaApi.requestRecovery.build({ themeCode: 'demo' })).toBe('/api/visa/requestrecovery/demo');
    expect(visaApi.useRecovery.build({ themeCode: 'demo' })).toBe('/api/visa/userecovery/demo/');
    expect(demoApi.outbox.build()).toBe('/dev/outbox');
    expect(demoApi.brands.build()).toBe('/api/demo/brands');
    expect(payoutApi.lookup.build()).toBe('/api/Payout/');
    expect(identityApi.providers.build({ themeCode: 'demo' })).toBe('/api/Authentication/demo/providers');
    expect(identityApi.session.build({ themeCode: 'demo' })).toBe('/api/Authentication/demo/session');
    expect(identityApi.customer.build({ themeCode: 'demo' })).toBe('/api/Authentication/demo/customer');
    expect(identityApi.customer.build({ themeCode: 'demo' }, { sessionId: 'abc' })).toBe('/api/Authentication/demo/customer?sessionId=abc');
    expect(identityApi.return.build()).toBe('/api/Authentication/return');
    expect(cardApi.block.build()).toBe('/api/cards/block');
  });
});
