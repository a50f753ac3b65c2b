import type { interactionPolicy as InteractionPolicyModule, KoaContextWithOIDC } from 'oidc-provider';

/**
 * oidc-provider's interaction policy with one more login check: every authorization shows the
 * sandbox's page again. There is no single sign-on, so a tester can pick another outcome (another
 * person, another answer) each time.
 */
export function promptEveryTime(interactionPolicy: typeof InteractionPolicyModule) {
  const policy = interactionPolicy.base();
  policy
    .get('login')!
    .checks.add(
      new interactionPolicy.Check('sandbox_every_time', 'the sandbox asks the tester for every authorization', (ctx: KoaContextWithOIDC) =>
        ctx.oidc.result?.login ? interactionPolicy.Check.NO_NEED_TO_PROMPT : interactionPolicy.Check.REQUEST_PROMPT,
      ),
    );
  return policy;
}
