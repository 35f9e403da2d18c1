import fastify from 'fastify';

/** The baseline: a plain Fastify route in a process of its own (PORT), nothing else. */
const app = fastify();
app.get('/ping', () => ({ ok: true }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('ping ready');
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
