import { useSyncExternalStore } from 'react';

/**
 * Whether the cardholder has done anything on the page yet: pressed, tapped, typed, pasted or
 * autofilled. Work the first screen does not show at once waits for it (the captcha's widget and
 * its proof of work, the next screen's code): it is not fetched while the page loads, when it
 * would compete with what the page shows, and it is there well before a cardholder who has begun
 * to type can submit (docs/decisions/003). Focus alone does not count: the app moves
 * focus itself.
 */
const EVENTS = ['pointerdown', 'touchstart', 'keydown', 'input', 'click'] as const;

let interacted = false;
const listeners = new Set<() => void>();

function onFirstInteraction(): void {
  if (interacted) return;
  interacted = true;
  for (const event of EVENTS) document.removeEventListener(event, onFirstInteraction, true);
  for (const listener of [...listeners]) listener();
}

if (typeof document !== 'undefined') {
  for (const event of EVENTS) document.addEventListener(event, onFirstInteraction, { capture: true, passive: true });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True from the cardholder's first interaction on; false on the server (the page as first shown). */
export function useFirstInteraction(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => interacted,
    () => false,
  );
}

/** Settles at the cardholder's first interaction (at once when it has happened). */
export function afterFirstInteraction(): Promise<void> {
  if (interacted) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      listeners.delete(done);
      resolve();
    };
    listeners.add(done);
  });
}
