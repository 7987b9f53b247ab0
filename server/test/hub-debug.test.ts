import { HttpTransportType } from '@microsoft/signalr';
import { DEMO } from './harness';
import { hubClient, startHubServer, sleep } from './hub-harness';

test('debug', async () => {
  const server = await startHubServer({ pollTimeoutMs: 1000 });
  const token = await server.login(...DEMO.admin);
  const c = hubClient(server.url, token, { transport: HttpTransportType.LongPolling });
  await c.start();
  await c.stop();
  await sleep(200);
  const n = await new Promise((r) => server.app.server.getConnections((_e, n) => r(n)));
  console.log('connections', n);
  const t = Date.now();
  server.app.addHook('onClose', async () => console.log('onClose after', Date.now() - t));
  const timer = setInterval(() => server.app.server.getConnections((_e, n) => console.log('conns', n, Date.now() - t)), 1000);
  await server.close();
  clearInterval(timer);
  console.log('closed after', Date.now() - t);
}, 60000);
