import { SMTPServer, type SMTPServerAddress, type SMTPServerSession } from 'smtp-server';

/** A message as the test SMTP server received it. */
export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

export interface TestSmtpServer {
  port: number;
  received: ReceivedMail[];
  /** RCPT TO commands seen, accepted or not. */
  recipientsTried: string[];
  close(): Promise<void>;
}

export interface TestSmtpBehaviour {
  /** Answer an error (with responseCode) to refuse a recipient; the n-th RCPT TO counts from 1. */
  onRcpt?: (address: string, n: number) => (Error & { responseCode?: number }) | undefined;
  /** Delay before the message is accepted, to widen race windows. */
  dataDelayMs?: number;
}

/** An SMTP error reply the way smtp-server takes it. */
export function smtpReply(code: number, text: string): Error & { responseCode: number } {
  return Object.assign(new Error(text), { responseCode: code });
}

/**
 * A real SMTP server (the smtp-server package) on 127.0.0.1, on a free port of 18500–18599,
 * without TLS or login, that keeps every message it accepts.
 */
export async function startSmtpServer(behaviour: TestSmtpBehaviour = {}): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const recipientsTried: string[] = [];
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address: SMTPServerAddress, _session: SMTPServerSession, callback: (err?: Error | null) => void) {
      recipientsTried.push(address.address);
      callback(behaviour.onRcpt?.(address.address, recipientsTried.length) ?? null);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const accept = () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback(null);
        };
        if (behaviour.dataDelayMs) setTimeout(accept, behaviour.dataDelayMs);
        else accept();
      });
    },
  });
  const start = 18500 + Math.floor(Math.random() * 100);
  for (let i = 0; i < 100; i++) {
    const port = 18500 + ((start - 18500 + i) % 100);
    const ok = await new Promise<boolean>((resolve) => {
      const onError = (error: NodeJS.ErrnoException) => {
        server.server.off('listening', onListening);
        if (error.code === 'EADDRINUSE') resolve(false);
        else throw error;
      };
      const onListening = () => {
        server.server.off('error', onError);
        resolve(true);
      };
      server.server.once('error', onError);
      server.server.once('listening', onListening);
      server.listen(port, '127.0.0.1');
    });
    if (ok) {
      return {
        port,
        received,
        recipientsTried,
        close: () => new Promise<void>((resolve) => server.close(() => resolve())),
      };
    }
  }
  throw new Error('no free port in 18500–18599 for the test SMTP server');
}

/** One node of a parsed MIME message. */
export interface MimePart {
  headers: Map<string, string>;
  contentType: string;
  /** The decoded body of a leaf part. */
  body: Buffer;
  parts: MimePart[];
}

function decodeQuotedPrintable(text: string): Buffer {
  const soft = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i++) {
    const ch = soft[i]!;
    if (ch === '=' && /^[0-9A-F]{2}$/i.test(soft.slice(i + 1, i + 3))) {
      bytes.push(parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(ch, 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

/** A small MIME reader for the tests: headers, multipart nesting, base64 and quoted-printable. */
export function parseMime(raw: string): MimePart {
  const split = raw.indexOf('\r\n\r\n');
  const headText = split === -1 ? raw : raw.slice(0, split);
  const bodyText = split === -1 ? '' : raw.slice(split + 4);
  const headers = new Map<string, string>();
  for (const line of headText.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  const contentTypeHeader = headers.get('content-type') ?? 'text/plain';
  const contentType = contentTypeHeader.split(';')[0]!.trim().toLowerCase();
  if (contentType.startsWith('multipart/')) {
    const boundary = /boundary="?([^";]+)"?/i.exec(contentTypeHeader)?.[1];
    if (!boundary) throw new Error('multipart without a boundary');
    const sections = bodyText.split(`--${boundary}`);
    const parts = sections
      .slice(1)
      .filter((section) => !section.startsWith('--'))
      .map((section) => parseMime(section.replace(/^\r\n/, '').replace(/\r\n$/, '')));
    return { headers, contentType, body: Buffer.alloc(0), parts };
  }
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  const body =
    encoding === 'base64'
      ? Buffer.from(bodyText.replace(/\s+/g, ''), 'base64')
      : encoding === 'quoted-printable'
        ? decodeQuotedPrintable(bodyText)
        : Buffer.from(bodyText, 'utf8');
  return { headers, contentType, body, parts: [] };
}

/** Every leaf part, depth first. */
export function leaves(part: MimePart): MimePart[] {
  return part.parts.length === 0 ? [part] : part.parts.flatMap(leaves);
}
