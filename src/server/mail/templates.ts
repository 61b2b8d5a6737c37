import { escapeHtml } from '../escape-html';
import type { MailMessage } from './message';

const PRODUCT = 'Kotoba Tales';

/** One layout for every message: a short greeting, one paragraph, one button, a fallback link. */
function actionMail(input: {
  to: string;
  subject: string;
  name: string;
  lead: string;
  action: string;
  link: string;
  note: string;
}): MailMessage {
  const text = [
    `Hi ${input.name},`,
    '',
    input.lead,
    '',
    `${input.action}: ${input.link}`,
    '',
    input.note,
    '',
    `— ${PRODUCT}`,
  ].join('\n');
  const html = `<!doctype html><html><body style="margin:0;background:#f6f3ee;font-family:'Noto Sans JP',Helvetica,Arial,sans-serif;color:#2a2340">
<div style="max-width:520px;margin:32px auto;background:#ffffff;border-radius:16px;padding:32px">
<p style="font-size:20px;font-weight:700;margin:0 0 24px;color:#6b3fd4">${PRODUCT}</p>
<p>Hi ${escapeHtml(input.name)},</p>
<p>${escapeHtml(input.lead)}</p>
<p style="margin:28px 0"><a href="${escapeHtml(input.link)}" style="background:#6b3fd4;color:#ffffff;padding:12px 20px;border-radius:10px;text-decoration:none;font-weight:700">${escapeHtml(input.action)}</a></p>
<p style="font-size:13px;color:#6a6479">If the button does not work, open this link:<br><a href="${escapeHtml(input.link)}" style="color:#6b3fd4;word-break:break-all">${escapeHtml(input.link)}</a></p>
<p style="font-size:13px;color:#6a6479">${escapeHtml(input.note)}</p>
</div></body></html>`;
  return { to: input.to, subject: input.subject, text, html };
}

export function verificationMail(to: string, name: string, link: string): MailMessage {
  return actionMail({
    to,
    name,
    link,
    subject: `Verify your email for ${PRODUCT}`,
    lead: 'Welcome aboard! Please confirm your email address so you can start generating stories.',
    action: 'Verify my email',
    note: 'This link expires in 24 hours and works once. If you did not create an account, you can ignore this email.',
  });
}

export function passwordResetMail(to: string, name: string, link: string): MailMessage {
  return actionMail({
    to,
    name,
    link,
    subject: `Reset your ${PRODUCT} password`,
    lead: 'Someone (hopefully you) asked to reset the password of your account.',
    action: 'Choose a new password',
    note: 'This link expires in 1 hour and works once. If you did not ask for it, your password stays as it is.',
  });
}

export function contactMail(input: {
  supportEmail: string;
  from: string;
  subjectLabel: string;
  message: string;
}): MailMessage {
  const subject = `[Contact] ${input.subjectLabel} from ${input.from}`;
  const text = `From: ${input.from}\nSubject: ${input.subjectLabel}\n\n${input.message}\n`;
  const html = `<!doctype html><html><body style="font-family:Helvetica,Arial,sans-serif">
<p><strong>From:</strong> ${escapeHtml(input.from)}<br><strong>Subject:</strong> ${escapeHtml(input.subjectLabel)}</p>
<pre style="white-space:pre-wrap;font-family:inherit">${escapeHtml(input.message)}</pre>
</body></html>`;
  return { to: input.supportEmail, subject, text, html, replyTo: input.from };
}
