import net from 'node:net';

export interface TcpForwarder {
  /** The stable address the browser uses. */
  url: string;
  /** Points at a running server, or null to behave like a stopped one (connections are dropped). */
  setTarget(url: string | null): void;
  close(): Promise<void>;
}

/**
 * A fixed port in front of the platform. A browser origin cannot change port, so to stop the
 * server and bring a new one back the test keeps this address and swaps what is behind it.
 * Started without a target, it also gives a server its public address (the links in its
 * e-mails) before that server exists.
 */
export async function startTcpForwarder(initialTarget: string | null): Promise<TcpForwarder> {
  let target: URL | null = initialTarget ? new URL(initialTarget) : null;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => client.destroy());
    if (!target) {
      client.destroy();
      return;
    }
    const upstream = net.connect(Number(target.port), target.hostname);
    sockets.add(upstream);
    upstream.on('close', () => {
      sockets.delete(upstream);
      client.destroy();
    });
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.destroy());
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    setTarget(url) {
      target = url ? new URL(url) : null;
      for (const socket of sockets) socket.destroy();
      sockets.clear();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
