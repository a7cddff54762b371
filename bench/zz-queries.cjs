process.chdir('/work/wt/perf40/bench');
const { dist, listen, openBenchServices } = require('/work/wt/perf40/bench/open.cjs');
(async () => {
  const { services, token, organizationId, close } = await openBenchServices('docstack-q-');
  const fixtures = await require('/work/wt/perf40/bench/seed.cjs')(services.prisma, { organizationId, rows: 50 });
  const app = dist('app').createApp(services);
  const port = await listen(app);
  const url = `http://127.0.0.1:${port}/v1/spaces/${fixtures.spaceId}`;
  const h = { authorization: `Bearer ${token}` };
  for (let i = 0; i < 3; i++) await fetch(url, { headers: h }).then(r => r.text());
  const pg = services.prisma; // count through $on? patch pglite
  const { PGlite } = require(require.resolve('@electric-sql/pglite', { paths: ['/work/wt/perf40/packages/server/'] }));
  const orig = PGlite.prototype.execProtocolRaw; const seen = [];
  PGlite.prototype.execProtocolRaw = function (msg, o) { const s = Buffer.from(msg).toString('latin1').replace(/[^\x20-\x7e]/g, ' ').slice(0, 160); seen.push(s); return orig.call(this, msg, o); };
  const r = await fetch(url, { headers: h }); console.log(r.status, (await r.text()).slice(0, 100));
  console.log(seen.length, 'protocol messages'); for (const s of seen) console.log(' ', s.trim().slice(0, 160));
  PGlite.prototype.execProtocolRaw = orig;
  const inspector = require('node:inspector/promises'); const session = new inspector.Session(); session.connect();
  await session.post('Profiler.enable'); await session.post('Profiler.setSamplingInterval', { interval: 200 }); await session.post('Profiler.start');
  const N = Number(process.env.N || 300); const cpu0 = process.cpuUsage(); const t0 = performance.now();
  for (let i = 0; i < N; i++) await fetch(url, { headers: h }).then(r => r.text());
  const c = process.cpuUsage(cpu0); console.log('full: per request', ((performance.now() - t0) / N).toFixed(2), 'ms wall', ((c.user + c.system) / 1000 / N).toFixed(2), 'ms cpu (incl. client)');
  const { profile } = await session.post('Profiler.stop'); require('fs').writeFileSync('/tmp/perf40/get.cpuprofile', JSON.stringify(profile));
  await close(); process.exit(0);
})();
