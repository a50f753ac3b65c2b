import { FALLBACK_LANGUAGE, SUPPORTED_LANGUAGES, TRANSLATION_LOADER } from '@tessera/contracts';

/** One language's texts: key → text with `{{name}}` placeholders. */
export type Texts = Record<string, string>;

/** Values for a text's `{{name}}` placeholders; `defaultValue` answers a key no language has. */
export type TranslateOptions = { defaultValue?: string } & Record<string, unknown>;

export type TFunction = (key: string, options?: TranslateOptions) => string;

/** A read of a language's texts that failed; `retryable` says whether another try may succeed. */
export class TextsReadError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

export interface TranslatorOptions {
  /**
   * The language to start in. Without it the translator starts in the first of `detected` the
   * portal supports (else nl) and loads its texts.
   */
  language?: string;
  /** Texts already here, per language (a server-rendered page's language): not loaded again. */
  resources?: Record<string, Texts>;
  /** The browser's language sources, best first (languageDetector.ts). */
  detected?: readonly string[];
  /**
   * The language that backs up a text the shown language lacks, or false. A server-rendered page
   * brings its language's texts whole (the brand's over the defaults) and needs none.
   */
  fallbackLanguage?: string | false;
  /** The bundled texts of pages shown when a brand's texts cannot be loaded (i18nCore.ts). */
  core?: Record<string, Texts>;
  /** One read of a language's texts; throws TextsReadError. Absent: only `texts` and `core`. */
  read?: (language: string) => Promise<Texts>;
  /** Remembers the language shown (languageDetector.ts: localStorage and the cookie). */
  remember?: (language: string) => void;
  /** Waits between tries; a test can pass fake timers' setTimeout through the global. */
  sleep?: (ms: number) => Promise<void>;
}

type LoadState = { status: 'loading'; done: Promise<void> } | { status: 'loaded' } | { status: 'failed' };

const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The portal's translator (docs/decisions/028): what the web app used of i18next, in about a
 * kilobyte. Texts per language, `{{name}}` interpolation without escaping (React escapes), the
 * bundled core texts behind every lookup, a fallback language, loading with the spec's limits
 * (10 reads at once, 5 retries from 350 ms doubling), and a listener for React to re-render on.
 */
export class Translator {
  /** The language shown. It changes once the new language's texts are here. */
  language: string;
  private readonly texts = new Map<string, Texts>();
  private readonly core = new Map<string, Texts>();
  private readonly loads = new Map<string, LoadState>();
  private readonly listeners = new Set<() => void>();
  private readonly fallback: string | false;
  private readonly options: TranslatorOptions;
  private version = 0;
  /** Counts reloads: a read started before the latest reload (another brand's texts) is dropped. */
  private generation = 0;
  private pending?: { version: number; promise: Promise<void> };
  private reading = 0;
  private readonly waitingToRead: Array<() => void> = [];

  constructor(options: TranslatorOptions) {
    this.options = options;
    this.fallback = options.fallbackLanguage ?? FALLBACK_LANGUAGE;
    for (const [language, texts] of Object.entries(options.core ?? {})) this.core.set(language, { ...texts });
    this.language = options.language ? this.bestMatch([options.language]) : this.bestMatch(options.detected ?? []);
    for (const [language, texts] of Object.entries(options.resources ?? {})) {
      this.texts.set(language, texts);
      this.loads.set(language, { status: 'loaded' });
    }
    for (const language of this.needed(this.language)) void this.load(language);
    options.remember?.(this.language);
  }

  /** The first of `codes` the portal supports, by primary subtag (en-GB → en); else the fallback. */
  bestMatch(codes: readonly string[]): string {
    for (const code of codes) {
      const base = code.split('-')[0]!.toLowerCase();
      if ((SUPPORTED_LANGUAGES as readonly string[]).includes(base)) return base;
    }
    return this.fallback || FALLBACK_LANGUAGE;
  }

  /** The text of `key` in the language shown, its placeholders filled; the key itself when no language has it. */
  t: TFunction = (key, options) => {
    const text = this.lookup(key) ?? options?.defaultValue ?? key;
    if (!options || !text.includes('{{')) return text;
    return text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (placeholder, name: string) => {
      const value = options[name];
      return value === undefined || value === null ? placeholder : String(value);
    });
  };

  /** Whether any language in the lookup has `key`. */
  exists(key: string): boolean {
    return this.lookup(key) !== undefined;
  }

  /** Adds bundled texts a lazily loaded page brings (HomePage); a key already there stays. */
  addCoreTexts(language: string, texts: Texts): void {
    const existing = this.core.get(language);
    if (existing && Object.keys(texts).every((key) => key in existing)) return;
    this.core.set(language, { ...texts, ...existing });
    this.changed();
  }

  /** Whether the texts the shown language needs are here (or could not be had: then the core texts show). */
  get ready(): boolean {
    return this.needed(this.language).every((language) => this.loads.get(language)?.status !== 'loading' && this.loads.has(language));
  }

  /** Settles when `ready`: the same promise until then (React's `use` wants one it has seen). */
  whenReady(): Promise<void> {
    if (this.pending?.version !== this.version) {
      const promise = Promise.all(this.needed(this.language).map((language) => this.load(language))).then(() => undefined);
      this.pending = { version: this.version, promise };
    }
    return this.pending.promise;
  }

  /** Shows `language` once its texts are here, and remembers it. */
  async changeLanguage(language: string): Promise<void> {
    const next = this.bestMatch([language]);
    await Promise.all(this.needed(next).map((code) => this.load(code)));
    this.options.remember?.(next);
    if (next === this.language) return;
    this.language = next;
    this.changed();
  }

  /** Reads the languages held again (another brand's texts: the reader names the brand). */
  async reload(): Promise<void> {
    if (!this.options.read) return;
    const held = [...this.loads.keys()];
    this.loads.clear();
    this.generation++;
    await Promise.all(held.map((language) => this.load(language)));
  }

  /** For React (useSyncExternalStore): called after every change of language or texts. */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Changes whenever what `t` answers may have changed. */
  getVersion = (): number => this.version;

  private lookup(key: string): string | undefined {
    for (const language of this.needed(this.language)) {
      const text = this.texts.get(language)?.[key] ?? this.core.get(language)?.[key];
      if (text !== undefined) return text;
    }
    return undefined;
  }

  private needed(language: string): string[] {
    return this.fallback && this.fallback !== language ? [language, this.fallback] : [language];
  }

  private changed(): void {
    this.version++;
    for (const listener of this.listeners) listener();
  }

  private load(language: string): Promise<void> {
    const state = this.loads.get(language);
    if (state?.status === 'loading') return state.done;
    if (state) return Promise.resolve();
    if (!this.options.read) {
      this.loads.set(language, { status: 'failed' });
      return Promise.resolve();
    }
    const generation = this.generation;
    const done = this.readWithRetries(language).then(
      (texts) => {
        if (generation !== this.generation) return;
        this.texts.set(language, texts);
        this.loads.set(language, { status: 'loaded' });
        this.changed();
      },
      (error: unknown) => {
        if (generation !== this.generation) return;
        // The page goes on with the core texts; the error page says what it can.
        console.warn('texts could not be loaded', error);
        this.loads.set(language, { status: 'failed' });
        this.changed();
      },
    );
    this.loads.set(language, { status: 'loading', done });
    return done;
  }

  /** Spec: at most 10 reads at once; a retryable failure is tried again 5 times, 350 ms doubling. */
  private async readWithRetries(language: string): Promise<Texts> {
    const sleep = this.options.sleep ?? sleepFor;
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.readOne(language);
      } catch (error) {
        const retryable = error instanceof TextsReadError && error.retryable;
        if (!retryable || attempt >= TRANSLATION_LOADER.maxRetries) throw error;
        await sleep(TRANSLATION_LOADER.retryTimeoutMs * 2 ** attempt);
      }
    }
  }

  private async readOne(language: string): Promise<Texts> {
    if (this.reading >= TRANSLATION_LOADER.maxParallelReads) await new Promise<void>((resolve) => this.waitingToRead.push(resolve));
    this.reading++;
    try {
      return await this.options.read!(language);
    } finally {
      this.reading--;
      this.waitingToRead.shift()?.();
    }
  }
}
