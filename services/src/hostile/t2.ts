import { startServer } from './server.js';
import { send } from './client.js';
const s = await startServer();
const deep = '{"a":'.repeat(5000) + '1' + '}'.repeat(5000);
for (const body of [deep, '{"max":1}', '[[[[]]]]']) {
  try {
    const r = await send(s.port, {
      method: 'POST',
      target: '/reference-service/commodity/search',
      headers: [['Content-Type', 'application/json']],
      body,
    });
    console.log(r.status, r.body.toString().slice(0, 200));
  } catch (e) {
    console.log('ERR', (e as Error).message, s.alive());
  }
}
console.log(s.log().slice(-5).join('\n').slice(0, 3000));
await s.stop();
