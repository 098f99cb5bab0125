// `npx tsx scripts/policy-scenarios.ts`: writes the two bundled scenarios of issue 25's
// replacement policies — scenarios/policy-scan-resistance.json and policy-loop.json — whose
// workloads are exact access sequences (inline `trace` CSVs, too long to write by hand).
// The figures in the descriptions are the engine's (wasm-core/engine/tests/engine/policy_scenarios.rs
// checks them) and libCacheSim's on the same sequence. Run prettier on the files afterwards.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const dir = fileURLToPath(new URL('../scenarios/', import.meta.url));

type Read = [timeMs: number, object: string, block: number];
const csv = (reads: Read[]) =>
  'time_ms,object,block,op\n' + reads.map(([t, o, b]) => `${t},${o},${b},r\n`).join('');

/** The hot set, the one-off reads, the report's scan and the rounds (see the description). */
const SCAN = {
  buffers: 50,
  hot: 35,
  oneOffs: 10,
  scan: 100,
  rounds: 16,
  firstScanRound: 6,
  roundMs: 4000,
  scanAtMs: 1000,
};

function scanResistance(): Read[] {
  const s = SCAN;
  const reads: Read[] = [];
  let orders = 0;
  let history = 0;
  for (let r = 0; r < s.rounds; r++) {
    const t = r * s.roundMs;
    for (let b = 0; b < s.hot; b++) reads.push([t, 'LOOKUP', b]);
    for (let i = 0; i < s.oneOffs; i++) reads.push([t, 'ORDERS', orders++]);
    // from the sixth round, every other round (rounds 6, 8, … 16)
    if (r + 1 >= s.firstScanRound && (r + 1 - s.firstScanRound) % 2 === 0)
      for (let i = 0; i < s.scan; i++) reads.push([t + s.scanAtMs, 'HISTORY', history++]);
  }
  return reads;
}

const LOOP = { buffers: 50, blocks: 51, passes: 20 };

function loop(): Read[] {
  const reads: Read[] = [];
  for (let p = 0; p < LOOP.passes; p++)
    for (let b = 0; b < LOOP.blocks; b++) reads.push([0, 'LOOP', b]);
  return reads;
}

const scanReads = scanResistance();
const count = (o: string) => scanReads.filter((r) => r[1] === o).length;

const scenarios = {
  'policy-scan-resistance': {
    version: 1,
    title: 'Policies · scan resistance: a hot set and a passing scan',
    description:
      `Does one big scan wipe out the blocks everyone uses? One working set of ${SCAN.buffers} buffers. Every 4 seconds a round of sessions reads the ${SCAN.hot} blocks of LOOKUP (the hot set, read again every round) and ${SCAN.oneOffs} blocks of ORDERS that are never read again; from the 6th round on, every other round a report also reads the next ${SCAN.scan} blocks of HISTORY once each — twice the cache. All are single-block reads (as through an index), so Oracle's full-scan rule (a large table's blocks to the cold tail) does not apply: the replacement policy alone decides what stays. ` +
      `Every ORDERS and HISTORY read is a first read and misses under any policy (${(count('ORDERS') + count('HISTORY')).toLocaleString('en')} of them), and LOOKUP's first ${SCAN.hot} reads miss too: every physical read above ${(count('ORDERS') + count('HISTORY') + SCAN.hot).toLocaleString('en')} is a LOOKUP block read again from disk. ` +
      `What to watch: LOOKUP's colour in the buffer view while a HISTORY scan passes, and the physical reads. ` +
      `LRU (profile 8.0, or the policy lru) and CLOCK lose all of LOOKUP at every scan: 970 physical reads. ` +
      `Oracle 8.1.6's touch count (this scenario's own rules) counts LOOKUP's reads (at most one touch per 3 s, _db_aging_touch_time: hence the 4-second rounds) and moves a block touched twice to the hot region when it reaches the cold tail, while the scan's blocks, touched once, are the victims. But the hot region is half the cache (_db_percent_hot_default = 50): 10 of LOOKUP's 35 blocks stay cold and go with each scan, 845 physical reads. Set _db_percent_hot_default to 80 and it keeps them all. ` +
      `ARC keeps all of LOOKUP in T2, its list of blocks used twice: the scan's blocks pass through T1 and its ghost list B1, never return, and the split between T1 and T2 (the target p) has no fixed half — 795 physical reads, LOOKUP's first reads only. ` +
      `2Q and S3-FIFO lose LOOKUP once, at the first scan, before their protected queue (Am, main) holds it, then keep it: 830.`,
    profile: '8.1.6',
    init: { db_block_buffers: SCAN.buffers, db_block_lru_latches: 1 },
    objects: [
      { name: 'LOOKUP', type: 'TABLE', blocks: SCAN.hot },
      { name: 'ORDERS', type: 'TABLE', blocks: count('ORDERS') },
      { name: 'HISTORY', type: 'TABLE', blocks: count('HISTORY') },
    ],
    workload: { kind: 'trace', csv: csv(scanReads) },
  },
  'policy-loop': {
    version: 1,
    title: 'Policies · a loop one block larger than the cache',
    description:
      `${LOOP.buffers} buffers, and a job that reads the ${LOOP.blocks} blocks of LOOP in order, ${LOOP.passes} times (${(LOOP.blocks * LOOP.passes).toLocaleString('en')} reads). ` +
      `LRU (profile 8.0's classic rules, this scenario's own) evicts the least recently used block — which is always the very block the loop reads next — so every read misses: ${(LOOP.blocks * LOOP.passes).toLocaleString('en')} physical reads, hit ratio 0 %. CLOCK, FIFO, SIEVE, ARC and Oracle's touch count miss every read too. ` +
      `Belady's OPT knows the future (the engine looks ahead in the trace): on a miss it evicts the block whose next use is farthest away, keeps the others, and misses once a pass after the first: 70 physical reads. It is the best any policy can do, the yardstick the others are measured against; LIRS (89), S3-FIFO (158) and 2Q (160) come near by protecting part of the loop. ` +
      `What to watch: step one access at a time under LRU and see the victim at the LRU tail be the next block the loop needs; then choose the policy opt (or the compare preset LRU vs OPT) and watch each buffer's next use.`,
    profile: '8.0',
    init: { db_block_buffers: LOOP.buffers, db_block_lru_latches: 1 },
    objects: [{ name: 'LOOP', type: 'TABLE', blocks: LOOP.blocks }],
    workload: { kind: 'trace', csv: csv(loop()) },
  },
};

for (const [id, scenario] of Object.entries(scenarios))
  writeFileSync(`${dir}${id}.json`, JSON.stringify(scenario, null, 2) + '\n');
