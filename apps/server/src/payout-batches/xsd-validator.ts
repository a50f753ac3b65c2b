import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { validateXML } from 'xmllint-wasm';
import type { PainFormat } from '../domain/sepa.js';
import { appRoot } from '../resources.js';

/**
 * Validates a SEPA file against its ISO 20022 schema (payout-batches/xsd/, see SOURCE.md there) with
 * libxml2's xmllint compiled to WebAssembly (xmllint-wasm): the same validator as Debian's
 * libxml2-utils, without a system package. build.mjs copies the schemas next to the bundle, so
 * appRoot finds them both from source and from dist/.
 */
export const xsdPath = (format: PainFormat) => path.join(appRoot, 'payout-batches', 'xsd', `${format}.xsd`);

export interface XsdResult {
  valid: boolean;
  /** libxml2's messages, with line numbers of the file. */
  errors: string[];
}

const schemas = new Map<PainFormat, Promise<string>>();

export async function validateAgainstXsd(xml: string, format: PainFormat): Promise<XsdResult> {
  let schema = schemas.get(format);
  if (!schema) {
    schema = readFile(xsdPath(format), 'utf8');
    schemas.set(format, schema);
    schema.catch(() => schemas.delete(format));
  }
  const result = await validateXML({
    xml: [{ fileName: 'payouts.xml', contents: xml }],
    schema: [{ fileName: `${format}.xsd`, contents: await schema }],
  });
  return {
    valid: result.valid,
    errors: result.errors.map((e) => (e.loc ? `line ${e.loc.lineNumber}: ${e.message}` : e.message)),
  };
}
