/**
 * Bundled fallback texts (namespace `core`) for the pages shown when a brand or its texts cannot
 * be loaded. They mirror apps/server/src/translations/defaults; test/i18nCore.test.ts keeps them equal.
 */
export const coreTexts: Record<string, Record<string, string>> = {
  "nl": {
    "generic__loading": "Bezig met laden…",
    "generic__error_Title": "Er is iets misgegaan",
    "generic__error_text": "We konden je verzoek niet afronden. Probeer het later nog eens.",
    "generic__error_code": "Foutcode: {{code}}",
    "generic__error_id": "Referentie: {{id}}",
    "generic__back_home": "Terug naar het begin",
    "generic__page_unavailable_title": "Deze pagina is niet beschikbaar",
    "generic__page_unavailable_text": "Deze dienst wordt voor deze kaart niet aangeboden. Controleer het adres of neem contact op met de uitgever van je kaart.",
    "generic__not_found_title": "Pagina niet gevonden",
    "generic__not_found_text": "De pagina die je zoekt bestaat niet. Controleer het adres en probeer het opnieuw.",
    "generic__brand_not_found_title": "We kunnen dit portaal niet vinden",
    "generic__brand_not_found_text": "Op dit adres is geen kaartportaal. Controleer het adres op je kaart of in het bericht dat je hebt ontvangen.",
    "shell__language_label": "Taal",
    "shell__language_nl": "Nederlands",
    "shell__language_en": "English",
    "shell__skip_to_content": "Naar de inhoud"
  },
  "en": {
    "generic__loading": "Loading…",
    "generic__error_Title": "Something went wrong",
    "generic__error_text": "We could not complete your request. Please try again later.",
    "generic__error_code": "Error code: {{code}}",
    "generic__error_id": "Reference: {{id}}",
    "generic__back_home": "Back to the start",
    "generic__page_unavailable_title": "This page is not available",
    "generic__page_unavailable_text": "This service is not offered for this card. Check the address or contact the issuer of your card.",
    "generic__not_found_title": "Page not found",
    "generic__not_found_text": "The page you are looking for does not exist. Check the address and try again.",
    "generic__brand_not_found_title": "We could not find this portal",
    "generic__brand_not_found_text": "There is no card portal at this address. Check the address on your card or in the message you received.",
    "shell__language_label": "Language",
    "shell__language_nl": "Nederlands",
    "shell__language_en": "English",
    "shell__skip_to_content": "Skip to content"
  }
};
