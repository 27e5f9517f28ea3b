import { createTransport } from "nodemailer";
import { type OutgoingMail } from "../store/ports/mail-queue.js";

/** How a mail leaves the server; rejects when the SMTP server refuses it or cannot be reached. */
export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** SMTP through nodemailer, to `SMTP_URL`, every mail from `from`. */
export function smtpTransport(url: string, from: string): MailTransport {
  const transporter = createTransport(url);
  return {
    async send(mail) {
      await transporter.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        headers: { ...mail.headers },
      });
    },
    close() {
      transporter.close();
    },
  };
}
