// Import boundaries of docs/decisions/001: which part of the repository may import which.
// A small local rule rather than a plugin: it resolves each relative import to a real path, so
// `../../flows/visa/x` and `../visa/x` are judged the same, which glob-based rules cannot do.
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');
const rel = (file) => path.relative(ROOT, file).split(path.sep).join('/');

/** What a file may not import, given where it lives. Returns a message or null. */
function violation(fromFile, target) {
  const from = rel(fromFile);
  const isPackage = !target.startsWith('.') && !target.startsWith('/');
  const to = isPackage ? null : rel(path.resolve(path.dirname(fromFile), target));

  // The contracts and the subpaths their package exports (@tessera/contracts/admin: the back
  // office's), split so that an app bundles only what it imports; never their files by path.
  const isContracts = target === '@tessera/contracts' || target === '@tessera/contracts/admin';
  if (isPackage) {
    if (target.startsWith('@tessera/') && !isContracts) {
      return `only @tessera/contracts is shared between workspaces (not ${target})`;
    }
    if (from.startsWith('packages/contracts/') && target.startsWith('@tessera/')) {
      return 'contracts import no application code';
    }
    if (from.startsWith('apps/server/src/domain/') && target !== 'zod' && !isContracts) {
      return `the domain has no I/O: it may import only zod and @tessera/contracts (not ${target})`;
    }
    if (from.startsWith('apps/server/src/db/migrations/') && !['kysely'].includes(target)) {
      return `migrations import nothing but kysely (not ${target})`;
    }
    return null;
  }

  const workspaceOf = (p) => /^(apps\/[^/]+|packages\/[^/]+|e2e)\//.exec(p)?.[1] ?? null;
  const fromWs = workspaceOf(from);
  const toWs = workspaceOf(to);
  // The web app's tests render with the real default texts the server serves.
  const testReadsTexts = from.startsWith('apps/web/test/') && /^apps\/server\/src\/translations\/defaults\/[^/]+\.json$/.test(to);
  if (fromWs && toWs && fromWs !== toWs && !testReadsTexts) {
    return `${fromWs} may not reach into ${toWs} by path; share code through @tessera/contracts`;
  }

  // The web app and the server are both shaped by flow (docs/decisions/001, 015), with the same
  // two rules: a flow never imports another flow, and only the code that assembles the app
  // (web: src/app/, server: src/app/) imports flows at all. Tests exercise flows directly.
  for (const app of ['web', 'server']) {
    const flowOf = (p) => new RegExp(`^apps/${app}/src/flows/([^/]+)/`).exec(p)?.[1] ?? null;
    const fromFlow = flowOf(from);
    const toFlow = flowOf(to);
    if (toFlow && fromFlow && fromFlow !== toFlow) {
      return app === 'web'
        ? `flow ${fromFlow} may not import flow ${toFlow}; move shared pieces to components/ or lib/`
        : `server flow ${fromFlow} may not import flow ${toFlow}; move shared pieces to a shared module (customer-call/, identity/, domain/, db/)`;
    }
    if (toFlow && !fromFlow && from.startsWith(`apps/${app}/src/`) && !from.startsWith(`apps/${app}/src/app/`)) {
      return `only src/app/ assembles flows (apps/${app})`;
    }
  }

  // The back office is shaped by feature (a page or a group of pages) with the same two rules:
  // a feature never imports another, and only src/app/ (its shell and route table) assembles them.
  const featureOf = (p) => /^apps\/admin\/src\/features\/([^/]+)\//.exec(p)?.[1] ?? null;
  const fromFeature = featureOf(from);
  const toFeature = featureOf(to);
  if (toFeature && fromFeature && fromFeature !== toFeature) {
    return `admin feature ${fromFeature} may not import feature ${toFeature}; move shared pieces to src/lib/`;
  }
  if (toFeature && !fromFeature && from.startsWith('apps/admin/src/') && !from.startsWith('apps/admin/src/app/')) {
    return 'only src/app/ assembles features (apps/admin)';
  }

  // Card commands are what operator, brand API, cardholder and staff code call to change a card
  // (docs/decisions/029): they take the actor as data and never reach back into a caller.
  const commandCaller = /^apps\/server\/src\/(operator|brand-api|card-block|customer-call|identity|flows|app|back-office)\//.exec(to)?.[1];
  if (from.startsWith('apps/server/src/card-commands/') && commandCaller) {
    return `card commands import none of their callers (not ${commandCaller}/); a caller passes what a command needs`;
  }
  // The payout services likewise (docs/decisions/037): the operator's tool and the back office call them.
  if (from.startsWith('apps/server/src/payout-batches/') && commandCaller) {
    return `payout services import none of their callers (not ${commandCaller}/); a caller passes what a service needs`;
  }
  // The API key and webhook services likewise (docs/decisions/047): the operator's tool and the back office call them.
  if (from.startsWith('apps/server/src/brand-integrations/') && commandCaller) {
    return `API key and webhook services import none of their callers (not ${commandCaller}/); a caller passes what a service needs`;
  }
  if (from.startsWith('apps/server/src/domain/') && !to.startsWith('apps/server/src/domain/')) {
    return 'the domain has no I/O: it imports only other domain modules';
  }
  if (from.startsWith('apps/server/src/db/migrations/') && !to.startsWith('apps/server/src/db/migrations/')) {
    return 'migrations import no application code, so they never change when the code does';
  }
  return null;
}

const rule = {
  meta: { type: 'problem', docs: { description: 'Tessera import boundaries' }, schema: [] },
  create(context) {
    const check = (node) => {
      if (!node.source || typeof node.source.value !== 'string') return;
      const message = violation(context.filename, node.source.value);
      if (message) context.report({ node: node.source, message });
    };
    return {
      ImportDeclaration: check,
      ExportAllDeclaration: check,
      ExportNamedDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default { rules: { boundaries: rule }, violation };
