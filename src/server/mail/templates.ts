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

/** After a password change: the learner did it, or someone with their password did, and then they must act. */
export function passwordChangedMail(to: string, name: string, resetLink: string): MailMessage {
  return actionMail({
    to,
    name,
    link: resetLink,
    subject: `Your ${PRODUCT} password was changed`,
    lead: 'The password of your account was just changed, and every other device was signed out.',
    action: 'Reset my password',
    note: 'If you made this change, there is nothing to do. If you did not, reset your password now with the button above.',
  });
}

/** To the new address: opening the link makes it the account's address. */
export function emailChangeMail(to: string, name: string, link: string): MailMessage {
  return actionMail({
    to,
    name,
    link,
    subject: `Confirm your new email for ${PRODUCT}`,
    lead: 'Please confirm that this is the new email address of your account. Until you do, your account keeps its current address.',
    action: 'Confirm my new email',
    note: 'This link expires in 24 hours and works once. If you did not ask for this, you can ignore this email.',
  });
}

/** To the old address: someone signed in with the password asked to move the account elsewhere. */
export function emailChangeNoticeMail(to: string, name: string, newEmail: string, resetLink: string): MailMessage {
  return actionMail({
    to,
    name,
    link: resetLink,
    subject: `A change of email was requested for your ${PRODUCT} account`,
    lead: `Someone (hopefully you) asked to change the email address of your account to ${newEmail}. The change happens only when the link we sent to that address is opened.`,
    action: 'Reset my password',
    note: 'If this was you, there is nothing to do. If it was not, reset your password now: that cancels the change and signs everyone out.',
  });
}
