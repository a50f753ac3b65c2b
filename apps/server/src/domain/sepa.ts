/**
 * SEPA credit transfer files (ISO 20022 pain.001) for the operator's payout export, and the EPC
 * rules the XML schema does not check (EPC132-08 SCT customer-to-bank implementation guidelines):
 * - EUR only; service level SEPA; charge bearer SLEV; one payment information block here;
 * - the Latin character set: a–z A–Z 0–9 / - ? : ( ) . , ' + and space. Anything else is
 *   transliterated (é → e, ß → ss, Ł → L, Ø → O, & → +) or, when it cannot be, replaced by '.';
 * - lengths: names at most 70 characters, one unstructured remittance line of at most 140,
 *   identifiers (MsgId, PmtInfId, EndToEndId) at most 35 of the set, not starting with '/' and
 *   without '//';
 * - amounts 0.01 to 999 999 999.99 with two decimals.
 * Pure: building the XML needs no I/O. Validating it against the XSD is payout-batches/xsd-validator.ts.
 */

export const PAIN_FORMATS = ['pain.001.001.09', 'pain.001.001.03'] as const;
export type PainFormat = (typeof PAIN_FORMATS)[number];
export const DEFAULT_PAIN_FORMAT: PainFormat = 'pain.001.001.09';

export const SEPA_NAME_MAX = 70;
export const SEPA_REMITTANCE_MAX = 140;
export const SEPA_ID_MAX = 35;
/** EPC: the largest amount of one SEPA credit transfer, in cents. */
export const SEPA_AMOUNT_MAX = 99_999_999_999;

/** Letters that Unicode decomposition does not reduce to a Latin base letter. */
const SPECIAL_LETTERS: Record<string, string> = {
  ß: 'ss', ẞ: 'SS', Æ: 'AE', æ: 'ae', Œ: 'OE', œ: 'oe', Ø: 'O', ø: 'o', Ł: 'L', ł: 'l',
  Đ: 'D', đ: 'd', Ð: 'D', ð: 'd', Þ: 'TH', þ: 'th', ı: 'i', Ŀ: 'L', ŀ: 'l', Ħ: 'H', ħ: 'h',
  Ŧ: 'T', ŧ: 't', Ŋ: 'N', ŋ: 'n', ĸ: 'k', ſ: 's', Ĳ: 'IJ', ĳ: 'ij',
  // Punctuation that has a close equivalent in the set.
  '&': '+', '‘': "'", '’': "'", '‚': "'", '`': "'", '´': "'", '"': "'", '“': "'", '”': "'", '„': "'",
  '–': '-', '—': '-', '‐': '-', '‑': '-', _: '-', '[': '(', ']': ')', '{': '(', '}': ')', '<': '(', '>': ')',
  ';': ',', '!': '.', '…': '...', '@': '(at)', '€': 'EUR', '#': '', '*': '.', '=': '-', '\\': '/', '|': '/',
};

const LATIN_SET = /^[A-Za-z0-9/\-?:().,'+ ]*$/;
const LATIN_CHAR = /[A-Za-z0-9/\-?:().,'+ ]/;

export function isSepaLatin(text: string): boolean {
  return LATIN_SET.test(text);
}

/**
 * Text in the EPC's Latin character set: accents dropped (é → e, Å → A), special letters written
 * out (ß → ss, Ł → L), other characters replaced by '.', white space collapsed, trimmed.
 */
export function toSepaLatin(text: string): string {
  let out = '';
  for (const char of text.normalize('NFC')) {
    if (LATIN_CHAR.test(char)) {
      out += char;
      continue;
    }
    if (/\s/u.test(char)) {
      out += ' ';
      continue;
    }
    const special = SPECIAL_LETTERS[char];
    if (special !== undefined) {
      out += special;
      continue;
    }
    // Decompose (é → e + combining acute) and keep the base letters only.
    const base = char.normalize('NFD').replace(/\p{M}/gu, '');
    out += base !== '' && isSepaLatin(base) ? base : '.';
  }
  return out.replace(/ {2,}/g, ' ').trim();
}

/** Cuts to `max` characters without leaving a trailing space. */
function clip(text: string, max: number): string {
  return text.length <= max ? text : text.slice(0, max).trimEnd();
}

/** A name for Nm: Latin set, at most 70 characters, never empty. */
export function sepaName(text: string): string {
  return clip(toSepaLatin(text), SEPA_NAME_MAX) || '.';
}

/** The one unstructured remittance line: Latin set, at most 140 characters. */
export function sepaRemittance(text: string): string {
  return clip(toSepaLatin(text), SEPA_REMITTANCE_MAX) || '.';
}

/** Whether an identifier may be used as MsgId, PmtInfId or EndToEndId. */
export function isSepaIdentifier(id: string): boolean {
  return id.length >= 1 && id.length <= SEPA_ID_MAX && isSepaLatin(id) && !id.startsWith('/') && !id.endsWith('/') && !id.includes('//') && id.trim() === id;
}

/** Minor units as the file writes them: 4000 → "40.00". */
export function sepaAmount(minor: number): string {
  if (!Number.isSafeInteger(minor) || minor < 0) throw new RangeError('amount must be a whole number of cents, 0 or more');
  return `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
}

export interface SepaParty {
  name: string;
  iban: string;
  /** Required for the debtor; for a creditor it is written when known. */
  bic?: string | undefined;
}

export interface SepaTransfer {
  endToEndId: string;
  /** Cents, EUR. */
  amount: number;
  creditor: SepaParty;
  remittance: string;
}

export interface SepaCreditTransferFile {
  format: PainFormat;
  messageId: string;
  /** When the file was made (CreDtTm). */
  createdAt: Date;
  /** The requested execution date, yyyy-mm-dd. */
  executionDate: string;
  debtor: SepaParty & { bic: string };
  transfers: readonly SepaTransfer[];
}

export class SepaRuleError extends Error {
  override name = 'SepaRuleError';
}

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

/** yyyy-mm-ddThh:mm:ss in UTC with Z: an xs:dateTime without fractions, which every bank takes. */
const isoSeconds = (d: Date) => `${d.toISOString().slice(0, 19)}Z`;

/**
 * The whole file: one group header, one payment information block (the debtor's account), one
 * credit transfer per payout. Checks the rules the schema leaves to the EPC and throws
 * SepaRuleError when one is broken (an identifier, an amount, an empty file); names and the
 * remittance line are made to fit (Latin set, lengths) rather than refused.
 */
export function buildCreditTransferXml(file: SepaCreditTransferFile): string {
  const v09 = file.format === 'pain.001.001.09';
  if (file.transfers.length === 0) throw new SepaRuleError('a SEPA file needs at least one transfer');
  if (!isSepaIdentifier(file.messageId)) throw new SepaRuleError(`message id "${file.messageId}" is not a SEPA identifier`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(file.executionDate)) throw new SepaRuleError('execution date must be yyyy-mm-dd');
  let total = 0;
  const seen = new Set<string>();
  for (const t of file.transfers) {
    if (!isSepaIdentifier(t.endToEndId)) throw new SepaRuleError(`end-to-end id "${t.endToEndId}" is not a SEPA identifier`);
    if (seen.has(t.endToEndId)) throw new SepaRuleError(`end-to-end id "${t.endToEndId}" appears twice`);
    seen.add(t.endToEndId);
    if (!Number.isSafeInteger(t.amount) || t.amount < 1 || t.amount > SEPA_AMOUNT_MAX) {
      throw new SepaRuleError(`amount ${t.amount} of ${t.endToEndId} is outside 0.01–999999999.99 EUR`);
    }
    total += t.amount;
  }
  const bicTag = v09 ? 'BICFI' : 'BIC';
  const agent = (bic: string) => `<FinInstnId><${bicTag}>${escapeXml(bic)}</${bicTag}></FinInstnId>`;
  const count = String(file.transfers.length);
  const sum = sepaAmount(total);
  const debtorName = escapeXml(sepaName(file.debtor.name));
  const executionDate = v09 ? `<ReqdExctnDt><Dt>${file.executionDate}</Dt></ReqdExctnDt>` : `<ReqdExctnDt>${file.executionDate}</ReqdExctnDt>`;

  const transfers = file.transfers.map((t) =>
    [
      '<CdtTrfTxInf>',
      `<PmtId><EndToEndId>${escapeXml(t.endToEndId)}</EndToEndId></PmtId>`,
      `<Amt><InstdAmt Ccy="EUR">${sepaAmount(t.amount)}</InstdAmt></Amt>`,
      t.creditor.bic ? `<CdtrAgt>${agent(t.creditor.bic)}</CdtrAgt>` : '',
      `<Cdtr><Nm>${escapeXml(sepaName(t.creditor.name))}</Nm></Cdtr>`,
      `<CdtrAcct><Id><IBAN>${escapeXml(t.creditor.iban)}</IBAN></Id></CdtrAcct>`,
      `<RmtInf><Ustrd>${escapeXml(sepaRemittance(t.remittance))}</Ustrd></RmtInf>`,
      '</CdtTrfTxInf>',
    ].join(''),
  );

  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<Document xmlns="urn:iso:std:iso:20022:tech:xsd:${file.format}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">`,
    '<CstmrCdtTrfInitn>',
    `<GrpHdr><MsgId>${escapeXml(file.messageId)}</MsgId><CreDtTm>${isoSeconds(file.createdAt)}</CreDtTm><NbOfTxs>${count}</NbOfTxs><CtrlSum>${sum}</CtrlSum><InitgPty><Nm>${debtorName}</Nm></InitgPty></GrpHdr>`,
    '<PmtInf>',
    `<PmtInfId>${escapeXml(file.messageId)}</PmtInfId><PmtMtd>TRF</PmtMtd><BtchBookg>false</BtchBookg><NbOfTxs>${count}</NbOfTxs><CtrlSum>${sum}</CtrlSum>`,
    '<PmtTpInf><SvcLvl><Cd>SEPA</Cd></SvcLvl></PmtTpInf>',
    executionDate,
    `<Dbtr><Nm>${debtorName}</Nm></Dbtr>`,
    `<DbtrAcct><Id><IBAN>${escapeXml(file.debtor.iban)}</IBAN></Id><Ccy>EUR</Ccy></DbtrAcct>`,
    `<DbtrAgt>${agent(file.debtor.bic)}</DbtrAgt>`,
    '<ChrgBr>SLEV</ChrgBr>',
    ...transfers,
    '</PmtInf>',
    '</CstmrCdtTrfInitn>',
    '</Document>',
  ];
  return `${lines.join('\n')}\n`;
}

/** The execution date a file asks for: the export's date in the Netherlands (yyyy-mm-dd). */
export function amsterdamDate(at: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam', year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}
