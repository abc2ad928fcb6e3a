// A flood of wrong passwords from one address (signin-flood.test.ts), in a process of its own: autocannon as fast as
// the server answers until the parent says 'stop' (or MAX_SECONDS pass), then its result (autocannon's JSON) to
// the parent. Stopped by the parent, the flood lasts exactly as long as the real users' sign-ins it is measured
// against, however slow the machine.
import autocannon from 'autocannon';

const [url, attacker, maxSeconds] = process.argv.slice(2);
const instance = autocannon(
  {
    url,
    method: 'POST',
    connections: 32,
    duration: Number(maxSeconds),
    headers: { 'content-type': 'application/json', 'x-forwarded-for': attacker },
    body: JSON.stringify({ email: 'chute@exemplo.com.br', password: 'senha-errada' }),
  },
  (error, result) => {
    if (error) throw error;
    process.send(result, () => process.exit(0));
  },
);
process.on('message', (message) => {
  if (message === 'stop') instance.stop();
});
