import { SMTPServer } from 'smtp-server';
import { onTestFinished } from 'vitest';

interface Received {
  from: string;
  to: string[];
  body: string;
}

/** A real SMTP listener on a free port that keeps what it receives. */
export async function smtpListener() {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let body = '';
      stream.on('data', (chunk) => (body += chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          body,
        });
        callback();
      });
    },
  });
  onTestFinished(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const port = await new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.server.address() as { port: number }).port)),
  );
  return { url: `smtp://127.0.0.1:${port}`, received };
}
