import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkFromText, PASSWORD, startTestServer, uniqueEmail, type TestServer } from './support/app';

interface Received {
  to: string[];
  subject: string;
  text: string;
}

const received: Received[] = [];

/** Enough of RFC 2045 to read the links nodemailer wraps in quoted-printable. */
function decodeQuotedPrintable(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}
let smtp: SMTPServer;
let server: TestServer;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          subject: raw.match(/^Subject: (.*)$/m)?.[1]?.trim() ?? '',
          text: decodeQuotedPrintable(raw),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  server = await startTestServer({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Kotoba Tales <no-reply@kotoba.test>' });
});
afterAll(async () => {
  await server.close();
  await new Promise<void>((resolve) => smtp.close(resolve));
});

describe('SMTP transport', () => {
  it('delivers the verification mail to a real SMTP server, and the link in it works', async () => {
    const email = uniqueEmail();
    await server.app.inject({ method: 'POST', url: '/api/auth/register', payload: { name: 'Ren', email, password: PASSWORD } });
    const mail = received.find((m) => m.to.includes(email));
    expect(mail?.subject).toBe('Verify your email for Kotoba Tales');
    const token = linkFromText(mail!.text, 'verify-email');
    const verify = await server.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } });
    expect(verify.statusCode).toBe(200);
  });

  it('closes the local mailbox when SMTP is configured', async () => {
    expect((await server.app.inject({ method: 'GET', url: '/api/dev/outbox' })).statusCode).toBe(404);
  });
});
