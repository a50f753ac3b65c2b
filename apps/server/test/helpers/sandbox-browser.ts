import { JSDOM } from 'jsdom';

/**
 * Just enough of a browser to walk the OpenID Connect flow over real HTTP: it keeps cookies per
 * path (the sandbox provider's interaction cookies are scoped to their paths), follows redirects
 * one by one so a test can see (and change) each hop, and submits the sandbox page's form.
 */
export class TestBrowser {
  #cookies = new Map<string, { value: string; path: string }>();

  /** Every Set-Cookie path this browser was sent (cookies since expired included). */
  readonly cookiePaths = new Set<string>();

  constructor(readonly origin: string) {}

  #cookieHeader(url: URL): string | undefined {
    const pairs = [...this.#cookies].filter(([, c]) => url.pathname === c.path || url.pathname.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`));
    return pairs.length > 0 ? pairs.map(([key, c]) => `${key.split('\u0000')[0]}=${c.value}`).join('; ') : undefined;
  }

  #store(url: URL, response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      const [pair, ...attributes] = header.split(';').map((p) => p.trim());
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq);
      const value = pair!.slice(eq + 1);
      const path = attributes.find((a) => /^path=/i.test(a))?.slice(5) ?? url.pathname.replace(/\/[^/]*$/, '') ?? '/';
      const expired = attributes.some((a) => /^expires=/i.test(a) && Date.parse(a.slice(8)) < Date.now()) || attributes.some((a) => /^max-age=0$/i.test(a));
      const key = `${name}\u0000${path}`;
      this.cookiePaths.add(path);
      if (expired || value === '') this.#cookies.delete(key);
      else this.#cookies.set(key, { value, path });
    }
  }

  /** One request, no redirect followed. */
  async request(url: string, init: { method?: string; form?: Record<string, string>; headers?: Record<string, string> } = {}): Promise<Response> {
    const target = new URL(url, this.origin);
    const headers: Record<string, string> = { accept: 'text/html', ...init.headers };
    const cookie = target.origin === this.origin ? this.#cookieHeader(target) : undefined;
    if (cookie) headers.cookie = cookie;
    let body: string | undefined;
    if (init.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(init.form).toString();
    }
    const response = await fetch(target, { method: init.method ?? (body ? 'POST' : 'GET'), headers, body, redirect: 'manual' });
    if (target.origin === this.origin) this.#store(target, response);
    return response;
  }

  /**
   * Follows redirects from `url` until a response is not a redirect or `stopAt` matches the next
   * location. Answers the last response and every location visited (absolute).
   */
  async follow(
    url: string,
    init: { method?: string; form?: Record<string, string> } = {},
    stopAt?: (location: URL) => boolean,
  ): Promise<{ response: Response; visited: URL[]; next?: URL }> {
    const visited: URL[] = [];
    let response = await this.request(url, init);
    for (let hops = 0; hops < 10 && response.status >= 300 && response.status < 400; hops++) {
      const location = new URL(response.headers.get('location')!, url);
      visited.push(location);
      if (stopAt?.(location)) return { response, visited, next: location };
      url = location.href;
      response = await this.request(url);
    }
    return { response, visited };
  }
}

/** The little of the DOM these tests read (the server's TypeScript has no DOM library). */
export interface TestElement {
  textContent: string | null;
  outerHTML: string;
  getAttribute(name: string): string | null;
  /** Inputs */
  value?: string;
  type?: string;
  /** Labels */
  htmlFor?: string;
  lang?: string;
}
export interface TestDocument {
  documentElement: TestElement;
  body: TestElement;
  querySelector(selector: string): TestElement | null;
  querySelectorAll(selector: string): Iterable<TestElement> & { length: number };
  getElementById(id: string): TestElement | null;
}

/** The sandbox page as a DOM, with its form's action and the values a person would submit. */
export function sandboxPage(html: string, base: string) {
  const dom = new JSDOM(html, { url: base });
  const document = dom.window.document as unknown as TestDocument;
  const form = document.querySelector('form');
  const buttons = [...document.querySelectorAll('button')];
  const labelled = (text: string) => {
    const label = [...document.querySelectorAll('label')].find((l) => l.textContent?.trim() === text);
    return label?.htmlFor ? document.getElementById(label.htmlFor) : null;
  };
  return {
    dom,
    document,
    action: form ? new URL(form.getAttribute('action')!, base).href : undefined,
    buttons: buttons.map((b) => ({ name: b.textContent?.trim() ?? '', field: b.getAttribute('name') ?? '', value: b.getAttribute('value') ?? '' })),
    labelled,
  };
}
