import { appPaths, flowSegmentAliases, flowSegments } from '@tessera/contracts';
import type { ServiceDeps } from '../deps.js';

/** Every path segment a flow's area is mounted under (`balance`, …, `Identify`). */
const FLOW_AREAS = new Set<string>([...Object.values(flowSegments), ...Object.values(flowSegmentAliases).flat()]);
const FLOW_PAGE = /^\/([^/]+)\/([^/]+)(?:\/|$)/;

/**
 * Whether a web app page (index.html for this path) may show the card scanner, and so gets the
 * camera in its Permissions-Policy. The policy belongs to the document, and the web app moves
 * between screens and flows without loading another (a lookup after an error, REPLACE linking to
 * BALANCE and RESET, /callback handing over to a flow): so the unit is the brand, not the screen.
 * - a page of a brand's flow area: when the brand offers scanning in any of its flows (brand data,
 *   the theme's scanningFlows); acme offers none;
 * - `/callback`: it continues in some brand's flow, whose start screens have the scanner;
 * - `/` in demo mode: its links open the demo brands' flows in place;
 * - anything else (an unknown brand or page, the production home's 404): no camera.
 */
export async function mayShowScanner(deps: ServiceDeps, pathName: string): Promise<boolean> {
  if (pathName === appPaths.callback) return true;
  if (pathName === appPaths.home) return deps.config.demoMode;
  const page = FLOW_PAGE.exec(pathName);
  if (!page || !FLOW_AREAS.has(page[2]!)) return false;
  let slug: string;
  try {
    slug = decodeURIComponent(page[1]!);
  } catch {
    return false;
  }
  const found = await deps.brands.find(slug);
  return found?.flows.some((flow) => flow.scanning === 1) ?? false;
}
