import { createServer } from 'node:http';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** One email as it arrived over SMTP, parsed by mailparser as a mail program would read it. */
export interface SunkMail {
  to: string;
  subject: string;
  text: string;
}

/**
 * A mail server for the browser suite: the site sends its mail here over real
 * SMTP (SMTP_URL), and tests read what arrived at GET /mails on `httpPort`,
 * newest last. The outbox an admin sees hides the links' tokens, so this is
 * where a test finds its verification or reset link, as a member would.
 */
export async function startSmtpSink(smtpPort: number, httpPort: number) {
  const mails: SunkMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    async onData(stream, session, callback) {
      try {
        const parsed = await simpleParser(stream);
        for (const rcpt of session.envelope.rcptTo)
          mails.push({ to: rcpt.address, subject: parsed.subject ?? '', text: parsed.text ?? '' });
        callback();
      } catch (err) {
        callback(err as Error);
      }
    },
  });
  await new Promise<void>((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve));
  const http = createServer((req, res) => {
    if (req.url !== '/mails') {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(mails));
  });
  await new Promise<void>((resolve) => http.listen(httpPort, '127.0.0.1', resolve));
}

if (process.argv[1]?.endsWith('smtp-sink.ts')) {
  const smtpPort = Number(process.argv[2] ?? 3103);
  await startSmtpSink(smtpPort, smtpPort + 1);
}
