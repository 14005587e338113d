import { SMTPServer } from 'smtp-server';
import { freePort } from './ports';

export interface ReceivedMail {
  to: string[];
  raw: string;
}

/**
 * A message as a person reads it: quoted-printable undone (soft line breaks joined, `=XX` bytes decoded), so a long
 * link or an accented word is found whole.
 */
function readable(raw: string): string {
  const joined = raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(joined, 'latin1').toString('utf8');
}

/** A real SMTP server on loopback that keeps every message it receives, for reading e-mailed codes. */
export class Mailbox {
  readonly messages: ReceivedMail[] = [];
  private server: SMTPServer | undefined;
  private refusing = 0;
  port = 0;

  /** Refuses the next `count` messages with a temporary failure (451), as a server briefly in trouble does. */
  refuseNext(count: number): void {
    this.refusing = count;
  }

  async start(): Promise<void> {
    this.port = await freePort();
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          if (this.refusing > 0) {
            this.refusing -= 1;
            callback(Object.assign(new Error('Tente mais tarde'), { responseCode: 451 }));
            return;
          }
          const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
          this.messages.push({ to, raw: Buffer.concat(chunks).toString('utf8') });
          callback();
        });
      },
    });
    const server = this.server;
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** Waits for the newest message to `address` that matches `pattern`, and returns the pattern's first group. */
  async find(address: string, pattern: RegExp, timeoutMs = 20_000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const mail = this.messages.filter((m) => m.to.includes(address.toLowerCase())).at(-1);
      const found = mail ? readable(mail.raw).match(pattern)?.[1] : undefined;
      if (found) return found;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`Nenhuma mensagem com ${String(pattern)} chegou para ${address}`);
  }

  /** Waits for the newest message to `address` and returns the 6-digit code in it. */
  codeFor(address: string, timeoutMs = 20_000): Promise<string> {
    return this.find(address, /\b(\d{6})\b/, timeoutMs);
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
