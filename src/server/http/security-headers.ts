import { createHash } from 'node:crypto';
import helmet from '@fastify/helmet';
import type { FastifyPluginAsync } from 'fastify';
import { contactMail, emailChangeMail, emailChangeNoticeMail, passwordChangedMail, passwordResetMail, verificationMail } from '../mail/templates';
import { ANKI_CONNECT_URL } from '../../shared/words';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * The style attributes of the mail this server writes, as CSP hashes. The local mailbox (/dev/mailbox) shows
 * each message in a sandboxed srcdoc frame, which lives under the page's policy, and mail is styled inline
 * (mail clients ignore stylesheets). These exact declarations are allowed and no other inline style: a new
 * mail template goes in this list (tests/e2e/csp.spec.ts opens the mailbox under the policy).
 */
export function mailStyleHashes(): string[] {
  const samples = [
    verificationMail('reader@example.com', 'Reader', 'https://example.com/verify-email?token=t'),
    passwordResetMail('reader@example.com', 'Reader', 'https://example.com/reset-password?token=t'),
    contactMail({ supportEmail: 'support@example.com', from: 'reader@example.com', subjectLabel: 'Other', message: 'Hello' }),
    passwordChangedMail('reader@example.com', 'Reader', 'https://example.com/forgot-password'),
    emailChangeMail('new@example.com', 'Reader', 'https://example.com/verify-email?token=t'),
    emailChangeNoticeMail('reader@example.com', 'Reader', 'new@example.com', 'https://example.com/forgot-password'),
  ];
  const styles = new Set(samples.flatMap((mail) => [...mail.html.matchAll(/\sstyle="([^"]*)"/g)].map((match) => match[1]!)));
  return [...styles].map((style) => `'sha256-${createHash('sha256').update(style).digest('base64')}'`);
}

/**
 * The Content-Security-Policy of every response. The built app is nothing but files from this origin: one
 * module script, stylesheets, fonts and pictures, so everything is 'self' and nothing inline or evaluated
 * but the mail styles above. Pixi's and Zod's code generation is off (`pixi.js/unsafe-eval` in
 * src/scenes/stage/ReaderStage.tsx, src/zod-browser.ts), and React sets styles through the CSSOM, which CSP allows. Pictures decoded in the page come back as blob:
 * URLs and small fonts are inlined by Vite as data: URLs. The story socket is on this origin too: 'self'
 * covers ws(s) of the same host in CSP3 browsers, the explicit origin covers the rest.
 */
export function contentSecurityDirectives(publicUrl: string): Record<string, string[]> {
  const https = publicUrl.startsWith('https:');
  // The learner's own Anki, through the AnkiConnect add-on on their machine (word imports; docs/decisions.md).
  const connect = ["'self'", ANKI_CONNECT_URL];
  const origin = URL.canParse(publicUrl) ? new URL(publicUrl) : null;
  if (origin && (origin.protocol === 'http:' || origin.protocol === 'https:')) {
    connect.push(`${https ? 'wss' : 'ws'}://${origin.host}`);
  }
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'"],
    'style-src-attr': ["'unsafe-hashes'", ...mailStyleHashes()],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': connect,
    'worker-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    // Only where the app is served over TLS: on plain http it would send every request to an https that is not there.
    ...(https ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/**
 * Security headers on every response, pages and API alike, as `helmet` sets them with a policy made for
 * this app. HSTS only when the public URL is https: a browser that saw it on http://localhost would refuse
 * plain http there for a year.
 */
const plugin: FastifyPluginAsync<{ publicUrl: string }> = async (app, { publicUrl }) => {
  const https = publicUrl.startsWith('https:');
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityDirectives(publicUrl) },
    strictTransportSecurity: https ? { maxAge: ONE_YEAR_SECONDS, includeSubDomains: true } : false,
    xContentTypeOptions: true,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
};

/** Not encapsulated (what fastify-plugin does), so the headers reach every route of the app that registers it. */
export const securityHeaders: FastifyPluginAsync<{ publicUrl: string }> = Object.assign(plugin, {
  [Symbol.for('skip-override')]: true,
  [Symbol.for('fastify.display-name')]: 'security-headers',
});
