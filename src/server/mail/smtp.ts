import nodemailer from 'nodemailer';
import type { MailTransport } from './message';

export function createSmtpTransport(smtpUrl: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    async send({ to, subject, text, html, replyTo }) {
      await transporter.sendMail({ from, to, subject, text, html, replyTo });
    },
    async close() {
      transporter.close();
    },
  };
}
