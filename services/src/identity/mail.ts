import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** Sends the identity server's mails. */
export type Mailer = (mail: Mail) => Promise<void>;

/**
 * Mails go through the SMTP server SMTP_URL names (smtp://user:password@host:587, smtps://... for TLS),
 * from MAIL_FROM. Without SMTP_URL they are written to the log, so that a demonstration or a test can
 * follow the link.
 */
export function createMailer(options: { smtpUrl?: string; from?: string; log: (message: string) => void; timeoutMs?: number }): Mailer {
  const from = options.from || 'Guichet <no-reply@guichet.local>';
  if (!options.smtpUrl) {
    return async (mail) => options.log(`mail to ${mail.to} (no SMTP_URL: printed here)\nSubject: ${mail.subject}\n\n${mail.text}`);
  }
  const timeout = options.timeoutMs ?? 10_000;
  const transport = nodemailer.createTransport(options.smtpUrl, {
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
  } as object);
  return async (mail) => {
    await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
  };
}
