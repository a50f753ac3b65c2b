import {
  appPaths,
  balanceRoutes,
  flowScreens,
  flowSegmentAliases,
  flowSegments,
  identifyRoutes,
  payoutRoutes,
  replaceRoutes,
  resetRoutes,
  visaRoutes,
  type FlowCode,
  type FlowRoute,
} from '@tessera/contracts';
import type { ServiceDeps } from '../deps.js';

/** The flow mounted under each area segment (`balance`, …, and the alias `Identify`); case-sensitive, as the web app's top-level table. */
const AREAS = new Map<string, FlowCode>(
  (Object.keys(flowSegments) as FlowCode[]).flatMap((code) =>
    [flowSegments[code], ...(flowSegmentAliases[code] ?? [])].map((segment) => [segment, code] as const),
  ),
);

/**
 * Whether a path inside a flow's area (`''`, `amount`, `embed/balance/x`…) matches a pattern of its
 * table as the web app's nested router does (components/FlowScreens): case-insensitive, a trailing
 * slash allowed, `:name` one segment, a trailing `*` anything below (or nothing).
 */
export function matchesScreen(pattern: string, inArea: string): boolean {
  const want = pattern.split('/').filter(Boolean);
  const have = inArea.split('/').filter(Boolean);
  for (let i = 0; i < want.length; i++) {
    const part = want[i]!;
    if (part === '*' && i === want.length - 1) return true;
    if (i >= have.length) return false;
    if (!part.startsWith(':') && part.toLowerCase() !== have[i]!.toLowerCase()) return false;
  }
  return want.length === have.length;
}

const FLOW_PAGE = /^\/([^/]+)\/([^/]+)(\/.*)?$/;

/**
 * The status a page of the web app answers with: 200 for a page the web app shows, 404 for an
 * unknown brand (not in the database) or an unknown page. The answer carries the app shell either
 * way, so a browser shows the web app's not-found notice. `/` is not decided here (web-app.ts).
 * A brand is read through the brand cache (2 s, like every call); an unknown one is not cached, as
 * in every call, so a brand added by the operator shows at once.
 */
export async function webPageStatus(deps: ServiceDeps, pathName: string): Promise<200 | 404> {
  if (pathName === appPaths.callback || pathName === appPaths.home) return 200;
  const page = FLOW_PAGE.exec(pathName);
  const flow = page ? AREAS.get(page[2]!) : undefined;
  if (!page || !flow) return 404;
  const inArea = page[3] ?? '';
  if (!Object.values(flowScreens[flow]).some((screen) => matchesScreen(screen.pattern, inArea))) return 404;
  let slug: string;
  try {
    slug = decodeURIComponent(page[1]!);
  } catch {
    return 404;
  }
  return (await deps.brands.find(slug)) ? 200 : 404;
}

/**
 * The screens the server renders (server-rendered-pages.ts): each flow's first screens, which show
 * the same to everyone, and the balance embed. The screens after them (amount, success, …) show
 * what the cardholder did in this tab (the flow's state in sessionStorage), which the server cannot
 * know: the browser renders those, and without a card they go back to their flow's start.
 */
const SERVER_RENDERED: Record<FlowCode, readonly FlowRoute[]> = {
  BALANCE: [balanceRoutes.start, balanceRoutes.embed],
  VISA: [visaRoutes.activate, visaRoutes.account],
  REPLACE: [replaceRoutes.start],
  PAYOUT: [payoutRoutes.start],
  IDENTIFY: [identifyRoutes.start],
  RESET: [resetRoutes.start],
};

/** The brand slug and flow of a page the server renders, or null for one the browser renders. */
export function serverRenderedScreen(pathName: string): { slug: string; flow: FlowCode; embed: boolean } | null {
  const page = FLOW_PAGE.exec(pathName);
  const flow = page ? AREAS.get(page[2]!) : undefined;
  if (!page || !flow) return null;
  const screen = SERVER_RENDERED[flow].find((candidate) => matchesScreen(candidate.pattern, page[3] ?? ''));
  if (!screen) return null;
  try {
    return { slug: decodeURIComponent(page[1]!), flow, embed: screen === balanceRoutes.embed };
  } catch {
    return null;
  }
}
