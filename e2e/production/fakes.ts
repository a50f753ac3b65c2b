import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { SMTPServer } from 'smtp-server';

// The outside world of a production deployment, played locally for the rehearsal: an SMTP relay
// that insists on STARTTLS and a login, the SMS gateway's HTTP API (Twilio's Messages resource,
// behind Caddy's TLS like the real one), and a window on what both received, which the browser
// walk reads (the code a phone would get, the card an inbox would get) and the checks count.

export interface ReceivedMail {
  /** The Message-ID header: the portal's outbox message id, the same on every attempt. */
  messageId: string;
  to: string[];
  /** The text part, decoded. */
  text: string;
}

export interface ReceivedSms {
  to: string;
  from: string;
  body: string;
}

export interface SmtpRelay {
  port: number;
  received: ReceivedMail[];
  close(): Promise<void>;
}

const equal = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** Quoted-printable soft breaks and escapes, as nodemailer writes a text part. */
function decodeQuotedPrintable(text: string): string {
  const bytes = text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** The text/plain part of a MIME entity (nodemailer's multipart/alternative inside multipart/related). */
export function textPart(entity: string): string {
  const split = entity.indexOf('\r\n\r\n');
  if (split === -1) return '';
  const headers = entity.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = entity.slice(split + 4);
  const type = /^Content-Type:\s*([^;\r\n]+)/im.exec(headers)?.[1]?.trim().toLowerCase() ?? 'text/plain';
  if (type.startsWith('multipart/')) {
    const boundary = /boundary="?([^";\r\n]+)"?/i.exec(headers)?.[1];
    if (!boundary) return '';
    for (const part of body.split(`--${boundary}`).slice(1)) {
      const text = textPart(part.replace(/^\r\n/, ''));
      if (text) return text;
    }
    return '';
  }
  if (type !== 'text/plain') return '';
  const encoding = /^Content-Transfer-Encoding:\s*(\S+)/im.exec(headers)?.[1]?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  return body;
}

/** An SMTP relay on 127.0.0.1 that offers STARTTLS with the given certificate and wants a login first. */
export async function startSmtpRelay(options: { port: number; cert: string; key: string; user: string; password: string }): Promise<SmtpRelay> {
  const received: ReceivedMail[] = [];
  const errors: string[] = [];
  const server = new SMTPServer({
    secure: false,
    cert: options.cert,
    key: options.key,
    // The relay a production SMTP_USER logs in to; no login before TLS.
    authMethods: ['PLAIN', 'LOGIN'],
    allowInsecureAuth: false,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === options.user && equal(auth.password ?? '', options.password)) return callback(null, { user: auth.username });
      return callback(Object.assign(new Error('535 authentication failed'), { responseCode: 535 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (!session.secure) return callback(Object.assign(new Error('530 TLS required'), { responseCode: 530 }));
        const raw = Buffer.concat(chunks).toString('utf8');
        const headerEnd = raw.indexOf('\r\n\r\n');
        const messageId = /^Message-ID:\s*(\S+)/im.exec(raw.slice(0, headerEnd))?.[1] ?? '';
        let text = '';
        try {
          text = textPart(raw);
        } catch (error) {
          errors.push(`unreadable message: ${(error as Error).message}`);
        }
        received.push({ messageId, to: session.envelope.rcptTo.map((r) => r.address), text });
        callback(null);
      });
    },
  });
  // A client's broken connection is an 'error' event: without a listener it would end the process.
  server.on('error', (error: Error) => errors.push(error.message));
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  return { port: options.port, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

export interface SmsGateway {
  port: number;
  received: ReceivedSms[];
  close(): Promise<void>;
}

/**
 * Twilio's Messages resource as the portal calls it: POST /2010-04-01/Accounts/{sid}/Messages.json,
 * form-encoded To, From (or MessagingServiceSid) and Body, Basic auth with the account SID and auth
 * token; 201 with the message's sid, 401 without the right login, 400 without To or Body.
 */
export async function startSmsGateway(options: { port: number; accountSid: string; authToken: string }): Promise<SmsGateway> {
  const received: ReceivedSms[] = [];
  const path = `/2010-04-01/Accounts/${options.accountSid}/Messages.json`;
  const login = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}`;
  const server = createServer((req, res) => {
    const answer = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.method !== 'POST' || req.url !== path) return answer(404, { code: 20404, message: 'not found', status: 404 });
    if (!equal(req.headers.authorization ?? '', login)) return answer(401, { code: 20003, message: 'Authenticate', status: 401 });
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      const form = new URLSearchParams(body);
      const to = form.get('To');
      const text = form.get('Body');
      if (!to || !text) return answer(400, { code: 21604, message: 'To and Body are required', status: 400 });
      received.push({ to, from: form.get('From') ?? form.get('MessagingServiceSid') ?? '', body: text });
      answer(201, { sid: `SM${randomBytes(16).toString('hex')}`, status: 'queued', to });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  return { port: options.port, received, close: () => closeServer(server) };
}

/** What the fakes received, for the browser walk: GET /sms?to=+31… and GET /mail?to=a@b (newest last). */
export async function startInbox(options: { port: number; relay: SmtpRelay; gateway: SmsGateway }): Promise<{ close(): Promise<void> }> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://inbox');
    const to = url.searchParams.get('to') ?? '';
    const body =
      url.pathname === '/sms'
        ? options.gateway.received.filter((m) => m.to === to)
        : url.pathname === '/mail'
          ? options.relay.received.filter((m) => m.to.includes(to))
          : undefined;
    res.writeHead(body ? 200 : 404, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body ?? { error: 'not found' }));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  return { close: () => closeServer(server) };
}

function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
}
