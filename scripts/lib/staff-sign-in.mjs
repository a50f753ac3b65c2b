// Signing in to the back office over plain HTTP, the way a browser does it through the sandbox
// staff provider (demo mode): the back office's login sends the browser to the provider, the
// provider's page has one form with a button per demo staff member, and its answer goes back
// through the callback, which sets the session cookie. Benchmarks use it so their session is
// made by the real sign-in, not written into the database.

/** A cookie jar that scopes cookies by path (the provider's interaction cookies have their own) and follows redirects one by one. */
export class CookieBrowser {
  #cookies = new Map();

  constructor(origin) {
    this.origin = origin;
  }

  /** The Cookie header for a URL of this origin, or undefined. */
  cookieHeader(url) {
    const target = new URL(url, this.origin);
    const pairs = [...this.#cookies].filter(([, c]) => target.pathname === c.path || target.pathname.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`));
    return pairs.length > 0 ? pairs.map(([key, c]) => `${key.split('\u0000')[0]}=${c.value}`).join('; ') : undefined;
  }

  /** The value of a cookie by name, whatever its path. */
  cookie(name) {
    for (const [key, c] of this.#cookies) if (key.split('\u0000')[0] === name) return c.value;
    return undefined;
  }

  #store(url, response) {
    for (const header of response.headers.getSetCookie()) {
      const [pair, ...attributes] = header.split(';').map((p) => p.trim());
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      const path = attributes.find((a) => /^path=/i.test(a))?.slice(5) ?? (url.pathname.replace(/\/[^/]*$/, '') || '/');
      const expired = attributes.some((a) => /^max-age=0$/i.test(a)) || attributes.some((a) => /^expires=/i.test(a) && Date.parse(a.slice(8)) < Date.now());
      const key = `${name}\u0000${path}`;
      if (expired || value === '') this.#cookies.delete(key);
      else this.#cookies.set(key, { value, path });
    }
  }

  async #request(url, { form } = {}) {
    const target = new URL(url, this.origin);
    const headers = { accept: 'text/html' };
    const cookie = target.origin === this.origin ? this.cookieHeader(target) : undefined;
    if (cookie) headers.cookie = cookie;
    let body;
    if (form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      // A browser's form POST carries its Origin.
      headers.origin = this.origin;
      body = new URLSearchParams(form).toString();
    }
    const response = await fetch(target, { method: form ? 'POST' : 'GET', headers, body, redirect: 'manual' });
    if (target.origin === this.origin) this.#store(target, response);
    return response;
  }

  /** Requests `url` (a form POST when `form` is given) and follows its redirects; answers the last response. */
  async follow(url, init = {}) {
    let current = new URL(url, this.origin);
    let response = await this.#request(current, init);
    for (let hops = 0; hops < 10 && response.status >= 300 && response.status < 400; hops++) {
      await response.arrayBuffer();
      current = new URL(response.headers.get('location'), current);
      response = await this.#request(current);
    }
    return { response, url: current };
  }
}

const unescapeHtml = (s) => s.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/**
 * Signs `email` in with a second factor through the sandbox staff provider and answers the
 * session's Cookie header (`tessera_staff=…`) and the browser that holds it.
 */
export async function signInStaff(origin, email, cookieName = 'tessera_staff') {
  const browser = new CookieBrowser(origin);
  const { response, url } = await browser.follow(`/admin/auth/login?returnTo=${encodeURIComponent('/admin/')}`);
  const html = await response.text();
  if (response.status !== 200) throw new Error(`the staff provider's page answered ${response.status} at ${url.pathname}`);
  const action = /<form[^>]*\saction="([^"]+)"/.exec(html)?.[1];
  const button = [...html.matchAll(/<button[^>]*\sname="([^"]+)"[^>]*\svalue="([^"]+)"/g)].find((m) => unescapeHtml(m[2]) === `${email} otp`);
  if (!action || !button) throw new Error(`no sign-in button for ${email} on the staff provider's page`);
  const done = await browser.follow(new URL(unescapeHtml(action), url).href, { form: { [button[1]]: unescapeHtml(button[2]) } });
  await done.response.arrayBuffer();
  const session = browser.cookie(cookieName);
  if (!session) throw new Error(`signing in as ${email} set no session cookie (ended at ${done.url.pathname}, ${done.response.status})`);
  return { cookie: `${cookieName}=${session}`, browser };
}
