/**
 * Texts of the demo home page (namespace `core`, like src/lib/i18nCore.ts), bundled with the
 * lazily loaded page rather than the first screen: `/` has no brand slug, so there are no brand
 * texts to load. They mirror apps/server/src/translations/defaults; test/translations.test.ts
 * keeps them equal.
 */
export const homeTexts: Record<string, Record<string, string>> = {
  nl: {
    home__title: 'Tessera-demo',
    home__intro: 'Dit is het demoportaal. Kies een merk en een dienst om die met de demokaarten te proberen.',
    home__flows_label: 'Diensten van {{brand}}',
    home__languages: 'Talen: {{languages}}',
    home__no_brands: 'Er zijn nog geen merken met beschikbare diensten.',
    home__flow_BALANCE: 'Saldo bekijken',
    home__flow_VISA: 'Visa-kaart activeren',
    home__flow_REPLACE: 'Cadeaukaart vervangen',
    home__flow_PAYOUT: 'Saldo laten uitbetalen',
    home__flow_IDENTIFY: 'Kaart registreren',
    home__flow_RESET: 'Beveiligingscode herstellen',
  },
  en: {
    home__title: 'Tessera demo',
    home__intro: 'This is the demo portal. Choose a brand and a service to try it with the demo cards.',
    home__flows_label: 'Services of {{brand}}',
    home__languages: 'Languages: {{languages}}',
    home__no_brands: 'There are no brands with available services yet.',
    home__flow_BALANCE: 'Check balance',
    home__flow_VISA: 'Activate Visa card',
    home__flow_REPLACE: 'Replace gift card',
    home__flow_PAYOUT: 'Pay out balance',
    home__flow_IDENTIFY: 'Register card',
    home__flow_RESET: 'Reset security code',
  },
};
