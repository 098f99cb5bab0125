// The read-ahead of a trace replay (./readAhead) over a real MessageChannel, as between the
// trace Worker and its reader: every byte in order in whole chunks, never more than AHEAD
// chunks ahead of the loop, and a failed read as the stream's error.
import { describe, expect, it } from 'vitest';
import { AHEAD, answerReads, readAhead, type FromReader, type ToReader } from './readAhead';

function channel() {
  const { port1, port2 } = new MessageChannel();
  answerReads(port2 as unknown as Parameters<typeof answerReads>[0]);
  return { page: port1, reader: port2 };
}

async function readAll(stream: ReadableStream<Uint8Array>, each?: () => Promise<void>) {
  const pieces: Uint8Array[] = [];
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return pieces;
    pieces.push(value);
    await each?.();
  }
}

const bytes = (n: number) => Uint8Array.from({ length: n }, (_, i) => (i * 7 + 3) & 255);

describe('reading a trace ahead of its replay', () => {
  it('hands over every byte in order, in whole chunks (the last one less)', async () => {
    const { page, reader } = channel();
    const data = bytes(10_000);
    // the Blob's own stream gives pieces of any size: several small parts
    const file = new Blob([data.subarray(0, 999), data.subarray(999, 5000), data.subarray(5000)]);
    const pieces = await readAll(readAhead(page, file, 1024));
    expect(pieces.map((p) => p.length)).toEqual([...Array(9).fill(1024), 10_000 - 9 * 1024]);
    const all = new Uint8Array(10_000);
    pieces.reduce((at, p) => (all.set(p, at), at + p.length), 0);
    expect(all).toEqual(data);
    page.close();
    reader.close();
  });

  it('is never more than AHEAD chunks ahead of the loop', async () => {
    const { page, reader } = channel();
    // count the chunks sent against the chunks the loop took, on the reader's side of the port
    let sent = 0;
    let taken = 0;
    let most = 0;
    const post = reader.postMessage.bind(reader);
    reader.postMessage = ((m: FromReader, t?: Transferable[]) => {
      if (m.kind === 'chunk') most = Math.max(most, ++sent - taken);
      post(m, t ?? []);
    }) as typeof reader.postMessage;
    const onmessage = reader.onmessage!;
    reader.onmessage = (e: MessageEvent<ToReader>) => {
      if (e.data.kind === 'more') taken++;
      onmessage.call(reader, e);
    };
    // a slow loop: the reader has time to run as far ahead as it may
    const pieces = await readAll(
      readAhead(page, new Blob([bytes(64 * 100)]), 64),
      () => new Promise((ok) => setTimeout(ok, 1)),
    );
    expect(pieces.length).toBe(100);
    expect(most).toBe(AHEAD);
    page.close();
    reader.close();
  });

  it('a reader that cannot start is the stream’s error, not a wait for ever', async () => {
    const port = {
      onmessage: null,
      onerror: null as ((e: ErrorEvent) => void) | null,
      postMessage() {},
    };
    const stream = readAhead(port, new Blob(['x']), 4);
    port.onerror!({ message: '' } as ErrorEvent);
    await expect(readAll(stream)).rejects.toThrow(
      'reading the file failed: the reader Worker failed to start',
    );
  });

  it('a read that fails is the stream’s error', async () => {
    const { page, reader } = channel();
    const broken = {
      size: 10,
      stream: () =>
        new ReadableStream({
          pull: (c) => c.error(new Error('the file was changed on disk')),
        }),
    } as unknown as Blob;
    // a Blob does not cross a MessagePort as a fake does: hand the fake over on the reader's side
    const ask = reader.onmessage!;
    reader.onmessage = (e: MessageEvent<ToReader>) =>
      ask.call(
        reader,
        e.data.kind === 'start' ? ({ data: { ...e.data, file: broken } } as never) : e,
      );
    await expect(readAll(readAhead(page, new Blob(['x']), 4))).rejects.toThrow(
      'reading the file failed: the file was changed on disk',
    );
    page.close();
    reader.close();
  });
});
