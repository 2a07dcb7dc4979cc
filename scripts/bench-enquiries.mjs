// `npm run bench:enquiries`: a benchmark, not a test. POSTs valid enquiries to /api/contacts on the
// production build served as `npm start` serves it, on a throwaway embedded database in its own
// process: first one at a time (with the SQL statements each request sends, counted on the wire),
// then from BENCH_CLIENTS (default 50) concurrent clients, each from its own loopback address as
// distinct visitors are (so each has its own rate-limit key): BENCH_CONCURRENT_WARMUP requests
// while the server warms up, printed apart, then the measured ones. Prints p50/p99 and the target:
// p99 at most 150 ms at 50 concurrent clients, once warm.
import { intSetting, measureConcurrent, measureSerial, printTable, runBenchmark, timedRequest } from './lib/bench-harness.mjs';

const ITERATIONS = intSetting('BENCH_ITERATIONS', 200, 10, 5000);
const CLIENTS = intSetting('BENCH_CLIENTS', 50, 1, 200);
const CONCURRENT_REQUESTS = intSetting('BENCH_CONCURRENT_REQUESTS', 2000, 50, 20_000);
const CONCURRENT_WARMUP = intSetting('BENCH_CONCURRENT_WARMUP', 500, 0, 20_000);
const PHASE_SECONDS = intSetting('BENCH_PHASE_SECONDS', 30, 5, 300);
const TARGET_P99_MS = 150;

let sent = 0;
function enquiry(client) {
  sent += 1;
  const body = JSON.stringify({
    firstName: 'Bench',
    lastName: `Visitor ${client}`,
    email: `visitor-${client}@example.com`,
    phone: '+61 2 9000 0000',
    company: 'Benchmark Pty Ltd',
    message: `Enquiry ${sent}: we would like to talk about positioning our new product line for the coming year.`,
    service: 'Strategic Marketing',
    page: 'Home',
    ctaButton: 'Get in Touch',
  });
  return { path: '/api/contacts', method: 'POST', body, headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) } };
}

// Every concurrent client sends up to CONCURRENT_REQUESTS / CLIENTS enquiries from its address;
// the limit is raised above that so every answer is a stored enquiry, not a 429.
await runBenchmark({ env: { ENQUIRY_RATE_LIMIT_PER_HOUR: String(CONCURRENT_WARMUP + CONCURRENT_REQUESTS + ITERATIONS + 100) } }, async ({ port, counter }) => {
  console.log(
    `POST /api/contacts: 10 warm-up requests, then up to ${ITERATIONS} one at a time, then ${CONCURRENT_WARMUP} warm-up and up to ${CONCURRENT_REQUESTS} measured from ${CLIENTS} concurrent clients (each phase at most ${PHASE_SECONDS} s), over loopback...\n`,
  );
  const serial = await measureSerial(() => timedRequest(port, enquiry(0)), { counter, expectStatus: 201, iterations: ITERATIONS, seconds: PHASE_SECONDS });
  const concurrent = await measureConcurrent((k) => timedRequest(port, { ...enquiry(k + 1), localAddress: `127.0.1.${k + 1}` }), {
    clients: CLIENTS,
    requests: CONCURRENT_REQUESTS,
    seconds: PHASE_SECONDS,
    expectStatus: 201,
    warmup: CONCURRENT_WARMUP,
  });
  printTable([
    ['request', 'SQL/req', 'p50 ms', 'p99 ms', 'n', `${CLIENTS} clients: p50 ms`, 'p99 ms', 'n', 'req/s', `p99 <= ${TARGET_P99_MS} ms`],
    [
      'POST /api/contacts',
      serial.statements.join('/'),
      serial.p50.toFixed(2),
      serial.p99.toFixed(2),
      serial.n,
      concurrent.p50.toFixed(1),
      concurrent.p99.toFixed(1),
      concurrent.n,
      concurrent.perSecond.toFixed(0),
      concurrent.p99 <= TARGET_P99_MS ? 'met' : 'MISSED',
    ],
  ]);
  const warm = concurrent.warmup;
  if (warm) {
    console.log(
      `\nWhile the server warmed up (the first ${warm.n} concurrent requests, not in the figures above): p50 ${warm.p50.toFixed(1)} ms, p99 ${warm.p99.toFixed(1)} ms, ${warm.perSecond.toFixed(0)} req/s.`,
    );
  }
});
