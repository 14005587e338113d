import { createServer, type Server } from 'node:http';
import { freePort } from './ports';

/** A local HTTP endpoint standing in for the SMS provider: it keeps every message it is sent. */
export class SmsSink {
  readonly messages: { to: string; message: string; authorization: string | undefined }[] = [];
  private server: Server | undefined;
  port = 0;

  async start(): Promise<void> {
    this.port = await freePort();
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { to: string; message: string };
        this.messages.push({ ...body, authorization: req.headers.authorization });
        res.writeHead(202).end();
      });
    });
    const server = this.server;
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}/sms`;
  }

  /** Waits for the newest SMS to a number, among those after message number `after`, and returns its code. */
  async codeFor(phone: string, after = 0, timeoutMs = 20_000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const code = this.messages
        .slice(after)
        .filter((m) => m.to === phone)
        .at(-1)
        ?.message.match(/\b(\d{6})\b/)?.[1];
      if (code) return code;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`Nenhum SMS chegou para ${phone}`);
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
