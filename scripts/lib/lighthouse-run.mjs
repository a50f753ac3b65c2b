// One Lighthouse run (performance only) against a browser chrome-launcher started.
import lighthouse from 'lighthouse';

/**
 * Lighthouse now and then fails to record a trace (NO_NAVSTART, NO_FCP…: "Please run Lighthouse
 * again"); such a run is tried again, twice at most, and any other failure is an error.
 * `config` is a Lighthouse config (the desktop preset, say); `flags` may carry `extraHeaders`.
 */
export async function lighthouseRun(port, url, { config, flags = {} } = {}) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], ...flags }, config);
    const lhr = result?.lhr;
    if (lhr && !lhr.runtimeError) return lhr;
    const message = lhr?.runtimeError?.message ?? 'no result';
    if (attempt < 3 && /run Lighthouse again/i.test(message)) {
      console.error(`lighthouse: ${url}: ${lhr.runtimeError.code}, trying again`);
      continue;
    }
    throw new Error(`Lighthouse failed on ${url}: ${message}`);
  }
}
