import { z } from 'zod';

/** GET /api/Utility/Recaptcha (docs/product/common.md#captcha). */
export const captchaKeySchema = z.object({
  provider: z.enum(['altcha', 'recaptcha', 'test']),
  key: z.string(),
  /**
   * reCAPTCHA only: where its script is loaded from, https://www.google.com or
   * https://www.recaptcha.net (RECAPTCHA_DOMAIN); the server's CSP allows that origin alone.
   */
  scriptOrigin: z.url().optional(),
});
export type CaptchaKey = z.infer<typeof captchaKeySchema>;

export const ERROR_REPORT_CODE = 'REACT_COMPONENT_ERROR';

/** POST /api/Utility/Error: a render crash reported by the web app's error boundary. */
export const errorReportSchema = z.object({
  id: z.uuid(),
  code: z.string().min(1).max(64),
  message: z.string().max(2000),
  info: z.string().max(8000).optional(),
});
export type ErrorReport = z.infer<typeof errorReportSchema>;

export const errorReportAnswerSchema = z.object({ id: z.uuid() });

/** GET /api/translations/{slug}?culture={lang}: a flat map of key to text. */
export const translationsSchema = z.record(z.string(), z.string());
export type Translations = z.infer<typeof translationsSchema>;
