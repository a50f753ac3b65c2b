// The ceilings of `npm run bench`: bare Fastify routes, the most any route of ours could do.
// GET /ceiling is the ratio's ceiling. POST /floor parses the lookup's JSON body and answers a
// fixed card: what a lookup would cost if checking the card took no time at all.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/ceiling', async () => ({ hello: 'world' }));
app.post('/floor', async (request) => {
  const body = /** @type {{ giftCardNumber?: string }} */ (request.body);
  return { code: body.giftCardNumber, expiresAt: null, balances: [{ quantity: { value: 25, assetCode: 'EUR' } }] };
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
