// "What am I looking at?": one short explanation per panel, keyed by the panel's title.
export interface PanelHelpText {
  title: string;
  text: string;
}

export const PANEL_HELP: Record<string, PanelHelpText> = {
  'init.ora': {
    title: 'The instance',
    text: 'The init.ora parameters of the simulated instance, by their Oracle names, with the version profile. Change one and the run is rebuilt at the same position; an invalid value says why and the last valid run stays. Ctrl+Z / Ctrl+Shift+Z undo and redo an edit (outside a text field).',
  },
  Segments: {
    title: 'The segments',
    text: 'The tables and indexes the workload reads: their size in blocks, the buffer pool they are assigned to (DEFAULT, KEEP, RECYCLE) and the CACHE clause.',
  },
  Workload: {
    title: 'The workload',
    text: 'What the sessions do: the generator (seed 000’s BUFFER_STUFFER, random, scans, a trace, a script, or seed 001’s SQLSlammer) and its settings. Every generator is seeded, so a run is exactly repeatable.',
  },
  Script: {
    title: 'The script',
    text: 'The test script’s statements in order, each step’s simulated elapsed time beside the paper’s. Shift+→ runs one step.',
  },
  'Replacement lists': {
    title: 'The LRU lists',
    text: 'One row per working set (LRU latch): every buffer as a cell, from the hot head on the left through the midpoint to the cold tail, then the write list and never-used buffers. Colour is the segment, the number the touch count. Click a buffer to read its X$BH row.',
  },
  'Cache buffers chains': {
    title: 'The hash chains',
    text: 'The lookup of the last access: its block address hashed to a bucket, the chain of buffer headers walked under the bucket’s cache buffers chains latch, and where the block was found (or not: a miss).',
  },
  Host: {
    title: 'The host',
    text: 'The machine under the instance (seed 002): transactions per second from the model’s own clock (CPU work serialised on one CPU, I/O waits overlapped across the jobs), and the paging the SGA causes beside Oracle’s hit ratio. When everything exceeds real memory the OS pages out its least recently used pages, buffers included: to expanded storage (a page-in of about 100 µs of CPU) and beyond that to disk (migration: a disk read). A hit on a paged-out buffer is a hit to Oracle and a page fault to the host. The bars show whose pages sit in central storage, expanded storage and on disk.',
  },
  'OS page cache': {
    title: 'The OS page cache',
    text: 'With buffered I/O the file system caches blocks too: pages in LRU order, the ones also held by a buffer marked (double buffering). A hit here is still a physical read to Oracle, with a microsecond wait.',
  },
  'Direct path reads': {
    title: 'Direct path reads',
    text: 'A serial full scan read direct: the blocks go from disk into the session’s memory (PGA), the buffer pools untouched. The narration says why the scan went direct or through the cache.',
  },
  Narration: {
    title: 'The narration',
    text: 'What each step did and which rule and init.ora parameter made it happen. Click a line to select its buffer.',
  },
  V$BUFFER_POOL_STATISTICS: {
    title: 'Pool statistics',
    text: 'V$BUFFER_POOL_STATISTICS per pool at the current position: logical and physical reads, the hit ratio, writes and waits; then each DBWR and the hash chains. elapsed t is the simulated time so far.',
  },
  'I/O path': {
    title: 'The I/O path',
    text: 'V$SYSSTAT’s I/O figures: direct reads, short and long table scans, segment checkpoints, the disk requests and the mean read wait, and the OS page cache’s share of the physical reads.',
  },
  X$BH: {
    title: 'One buffer header',
    text: 'The selected buffer’s X$BH row: its block (file, block, object), state, touch count (TCH) and the time of its last increment (TIM), its neighbours on the replacement list and its hash bucket and latch.',
  },
  'Paper vs simulator': {
    title: 'Paper vs simulator',
    text: 'The seed experiment’s published figures beside the simulator’s. The difference shows at the end of the run. When the configuration is not the paper’s, the table says what differs and greys the comparison out: it no longer compares like with like.',
  },
  'Over the run': {
    title: 'Charts over the run',
    text: 'How the figures moved as the run went on (x: accesses or statements done; y: what each chart’s title says), sampled up to the current position; the paper’s final figures as marks where it has them.',
  },
  Sizing: {
    title: 'Sizing: a sweep',
    text: 'The running scenario run again to its end once per value of one parameter (an init.ora parameter, or a cost), in a Web Worker so the page stays free: the curves show what each run ended with (hit ratio and physical reads; elapsed time and latch free waits for the library cache), the dashed line today’s value. Click the curve or Use in the table to set a value; the run is rebuilt at the same position.',
  },
  'Trace replay': {
    title: 'Trace replay',
    text: 'A recorded trace replayed through this cache: its init.ora, pools and segments, the scenario’s own workload ignored. Drop the file anywhere on the page or choose it with the button. Formats: libCacheSim’s txt (one object id a line), csv (columns set by the params string) and oracleGeneral (24-byte binary records), or the project’s CSV. Every record is a single-block read. Map direct: object id k is block k of the segments laid end to end in the order listed; dense: ids numbered in order of first appearance first (for hashed ids). The file is read in 2 MiB chunks in a Web Worker, so a multi-gigabyte trace fits and the page stays free; the open run is not touched. A bad line or a truncated record stops the replay with its line or byte offset, and the figures of what was served before it are shown, marked partial.',
  },
  V$DB_CACHE_ADVICE: {
    title: 'V$DB_CACHE_ADVICE',
    text: 'With db_cache_advice = ON, each pool’s physical reads estimated at 20 sizes from 10 % to 200 % of today’s (the dashed line), collected in the same pass as the run. Under 8.0 a plain LRU pool is a stack algorithm, so one pass of LRU stack distances gives every size exactly (Mattson, 1970); touch-count pools, and 8.0 pools with several working sets, index hits that stay put, tail-inserted scans or writes, get shadow caches of every size running the same replacement code. Either way each row equals a full run at that size (with concurrent jobs, as in seed 002, a full run interleaves them by its own waits: estimates). The rows cover the measured interval, after any warm-up; the read time is the reads at that size’s mean wait, and its share is of the DB time (work and waits of every session), so never above 100 %.',
  },
  'Your instance': {
    title: 'Your instance',
    text: 'An AWR report (HTML or text) or a Statspack report, dropped, chosen or pasted: it is read in this browser and sent nowhere. The list says which sections were read, missing or refused (and why); the table says where each figure came from. The model of the instance is fitted (two parameters the report does not give: how much data the reads range over, and their skew within a segment) so that its V$DB_CACHE_ADVICE matches the report’s Buffer Pool Advisory on the rows at or below today’s size; the chart shows both curves, the rows above 1.0 as predictions, and the errors. The what-if table asks the fitted model what the advisory cannot: a KEEP pool, another release’s rules, another policy, _db_percent_hot_default, a cache far outside the advisory. Open the fitted scenario to run it here; a link then carries the scenario, never the report.',
  },
  'Statement stream': {
    title: 'The statement stream',
    text: 'Each statement as the session sent it and, under CURSOR_SHARING = FORCE, as rewritten with :"SYS_B_n" binds; its hash value, bucket and what the lookup found (soft or hard parse).',
  },
  'Library cache hash table': {
    title: 'The library cache hash table',
    text: 'Every bucket, coloured by its library cache latch child and shaded by its chain length. The lookup’s chain is walked handle by handle; click a bucket to list its chain.',
  },
  'Shared pool heap': {
    title: 'The shared pool heap',
    text: 'A memory map of the shared pool’s chunks by kind (free, recreatable, freeable, permanent) with the free lists beside it: the allocation’s search, the chunks flushed from the LRU, and ORA-04031 when nothing fits.',
  },
  'Sessions and latches': {
    title: 'Sessions and latches',
    text: 'Each session’s state on the CPUs and who holds, spins on or sleeps for each latch (library cache children, shared pool).',
  },
  'V$LIBRARYCACHE and friends': {
    title: 'Library cache statistics',
    text: 'V$LIBRARYCACHE (SQL AREA), V$SYSSTAT, V$LATCH with Steve Adams’ impact, the shared pool and the hash table. The clock t runs until the last session ends; the foreground’s elapsed time is session 0’s (what the seed’s script timed).',
  },
  SQL: {
    title: 'The SQL console',
    text: 'SQLite (compiled to WebAssembly) over a snapshot of the instance at the current step: X$BH, X$KCBWDS, X$KCBWBPD, V$BH, V$BUFFER_POOL(_STATISTICS), DBA_OBJECTS, DBA_SEGMENTS, V$PARAMETER, V$SYSSTAT, V$LIBRARYCACHE, V$SQL, V$SQLAREA, V$LATCH, V$SESSION_WAIT. Oracle’s spelling works (sys. prefixes, DECODE, BITAND, NVL, USERENV, TO_CHAR, &&variables, CREATE OR REPLACE VIEW); the examples are the seeds’ own queries. Ctrl+Enter runs; the snapshot follows the run.',
  },
  'Finding literal SQL': {
    title: 'Finding literal SQL',
    text: 'Seed 001’s query over the cursors in the library cache now: statements that differ only in their literals, grouped — the candidates for bind variables or CURSOR_SHARING = FORCE.',
  },
};

/** The help's test id and key for a panel title. */
export const helpTopic = (title: unknown): string | null =>
  typeof title === 'string' && PANEL_HELP[title] ? title : null;
