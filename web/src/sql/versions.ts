// What a fixed view had in each Oracle release, against the model's profiles: a column a later
// release added is absent under an earlier profile (ORA-00904, as that release would say). The
// model's profiles run 8.0, 8.1.5, 8.1.6, then 10.2.0.5: whatever 9i or 10g added is there from
// 10.2.0.5, the first profile after 8i. The profile's place comes from the engine's table
// (sim/profile.ts), never from comparing version strings.
import type { Profile } from '../sim/generated/Profile';
import { profiles } from '../sim/profile';

/** The first profile past 8i: what Oracle 9i and 10g added is there from it. */
const AFTER_8I: Profile = '10.2.0.5';

/** Columns later releases added, by table, with the Reference page that shows them. */
const ADDED: Record<string, { columns: string[]; from: Profile; source: string }[]> = {
  v$latch: [
    // Oracle9i Database Reference 9.2, V$LATCH_CHILDREN ("all columns of V$LATCH"):
    // https://docs.oracle.com/cd/B10500_01/server.920/a96536/ch386.htm — WAIT_TIME; 10.1:
    // https://docs.oracle.com/cd/B13789_01/server.101/b10755/dynviews_1113.htm — HASH
    { columns: ['wait_time', 'hash'], from: AFTER_8I, source: '9.2, 10.1' },
  ],
  v$latch_children: [{ columns: ['wait_time', 'hash'], from: AFTER_8I, source: '9.2, 10.1' }],
  // 10.2, V$LATCHHOLDER: https://docs.oracle.com/cd/B19306_01/server.102/b14237/dynviews_1140.htm
  // (10.1's, dynviews_1116.htm, has no GETS)
  v$latchholder: [{ columns: ['gets'], from: AFTER_8I, source: '10.2' }],
  // 10.2, V$PARAMETER: https://docs.oracle.com/cd/B19306_01/server.102/b14237/dynviews_2012.htm
  // (DISPLAY_VALUE, ISINSTANCE_MODIFIABLE, UPDATE_COMMENT; 8i's, a76961/ch3103.htm, has none)
  v$parameter: [
    {
      columns: ['display_value', 'isinstance_modifiable', 'update_comment'],
      from: AFTER_8I,
      source: '9i, 10.2',
    },
  ],
  // BLOCK_SIZE: the 12.2 Reference lists it
  // (https://docs.oracle.com/database/122/REFRN/V-BUFFER_POOL_STATISTICS.htm); 8i's pools all
  // had db_block_size, 9i brought pools of other block sizes (9.2, V$BUFFER_POOL.BLOCK_SIZE,
  // https://docs.oracle.com/cd/B10500_01/server.920/a96536/ch324.htm): shown from 10.2.0.5
  v$buffer_pool_statistics: [{ columns: ['block_size'], from: AFTER_8I, source: '12.2' }],
};

/** The columns of each table that `profile`'s release did not have (Capture.absent). */
export function absentFor(profile: Profile): Record<string, string[]> {
  const order = profiles();
  const at = order.indexOf(profile);
  const absent: Record<string, string[]> = {};
  for (const [table, adds] of Object.entries(ADDED)) {
    const cols = adds.filter((a) => at < order.indexOf(a.from)).flatMap((a) => a.columns);
    if (cols.length) absent[table] = cols;
  }
  return absent;
}

/** Whether `profile` comes after 8i (9i's dynamic SGA: pools resized by ALTER SYSTEM). */
export const after8i = (profile: Profile): boolean =>
  profiles().indexOf(profile) >= profiles().indexOf(AFTER_8I);
