// The upper bounds' HTTP side: a bare Fastify process (no plugins, no database) with a hello-world
// GET and a POST echo, started like the real server (its own process, PORT from the environment).
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/hello', async () => ({ hello: 'world' }));
// Echo: Fastify parses the JSON body and serializes it back, the floor of any JSON POST route.
app.post('/echo', async (request) => request.body);

await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
const address = app.server.address();
console.log(`listening ${typeof address === 'object' && address ? address.port : ''}`);
