import { type AddressInfo, createServer } from 'node:net';

/** A free loopback port, so WARDEN_PUBLIC_URL can be known before Warden listens. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
  });
}
