// The little of jsdom the PIN frame test uses (jsdom ships no types; @types/jsdom is not installed).
declare module 'jsdom' {
  export interface JsdomWindow {
    document: { getElementById(id: string): { textContent: string | null } | null };
    location: { search: string };
    MessageEvent: new (type: string, init: { data?: unknown; origin?: string; source?: unknown }) => object;
    dispatchEvent(event: object): boolean;
    close(): void;
  }
  export class JSDOM {
    constructor(html: string, options?: { url?: string; runScripts?: 'dangerously' | 'outside-only' });
    readonly window: JsdomWindow;
  }
}
