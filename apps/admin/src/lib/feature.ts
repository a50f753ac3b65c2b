import type { ComponentType, LazyExoticComponent } from 'react';
import type { StaffAction } from '@tessera/contracts/admin';
import type { TextKey } from './i18n';

/**
 * A page (or pages) of the back office, as its folder under features/ declares it: where it lives,
 * who may see it, and its entry in the navigation. The app's route table lists features; adding a
 * page is a folder that exports one of these and one line there.
 */
export interface AdminFeature {
  /** wouter pattern under /admin (`/cards/:id`). */
  path: string;
  /** Lazily loaded: a page's code loads when it is first opened. */
  Page: LazyExoticComponent<ComponentType>;
  /** What a person must be allowed on at least one brand to see the page; otherwise it is not found. */
  requires: StaffAction;
  /** Its entry in the navigation, if it has one. */
  nav?: { label: TextKey; href: string };
}
