import { parentPort } from 'node:worker_threads';
import { parseNfe } from '@financeiro/core';
import { InvalidInputError } from '../errors';
import { readStatementFile } from '../modules/banking';
import { readReportFile } from '../modules/mercadopago';

/** A Buffer arrives in a worker as a plain Uint8Array over the same bytes. */
const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** What a parser worker does: each task reads files a user sent, and needs no database. */
export const tasks = {
  nfe: (xmls: string[]) => xmls.map((xml) => parseNfe(xml)),
  statement: ([fileName, bytes, mappings]: Parameters<typeof readStatementFile>) =>
    readStatementFile(fileName, asBuffer(bytes), mappings),
  mercadopagoReport: ([format, bytes]: Parameters<typeof readReportFile>) => readReportFile(format, asBuffer(bytes)),
};

export type Tasks = typeof tasks;

/** A task's answer to the server: its result, the pt-BR reason the file is refused, or that it failed. */
export type TaskAnswer = { result: unknown } | { refused: string } | { failed: string };

// In a worker, serve the server's requests one at a time; imported for its types elsewhere, do nothing.
if (parentPort) {
  const port = parentPort;
  port.on('message', async ({ task, input }: { task: keyof Tasks; input: never }) => {
    let answer: TaskAnswer;
    try {
      answer = { result: await tasks[task](input) };
    } catch (error) {
      // The readers refuse a file with a BAD_REQUEST in pt-BR; anything else is a fault of ours.
      answer =
        error instanceof InvalidInputError
          ? { refused: error.message }
          : { failed: error instanceof Error ? (error.stack ?? error.message) : String(error) };
    }
    port.postMessage(answer);
  });
  port.postMessage('ready');
}
