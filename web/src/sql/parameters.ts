// V$PARAMETER: the scenario's init.ora over the engine's defaults, with the columns Oracle8i's
// Reference gives it (https://docs.oracle.com/cd/A87860_01/doc/server.817/a76961/ch3103.htm)
// and the three 9i and 10g added (versions.ts drops them under older profiles).
import { parameterDocs, type Scenario } from '../sim/engine';
import type { Rows } from './capture';

/**
 * How each parameter may be changed while the instance runs (ISSES_MODIFIABLE,
 * ISSYS_MODIFIABLE), from its "Modifiable" line in the Database Reference, 10.2, chapter 1
 * (https://docs.oracle.com/cd/B19306_01/server.102/b14237/initparams.htm); a parameter not
 * listed is static (FALSE, FALSE), as are the hidden ones and the model's own switches. The two
 * hidden parameters seed 004's scripts change with ALTER SESSION are session-modifiable.
 * `dynamicSga`: from 9i the SGA's pools resize with ALTER SYSTEM; in 8i they were static.
 */
function modifiable(name: string, dynamicSga: boolean): [string, string] {
  switch (name) {
    case 'cursor_sharing':
    case 'db_file_multiblock_read_count':
    case '_serial_direct_read':
    case '_small_table_threshold':
      return ['TRUE', 'IMMEDIATE'];
    case 'db_cache_advice':
      return ['FALSE', 'IMMEDIATE'];
    case 'db_cache_size':
    case 'db_keep_cache_size':
    case 'db_recycle_cache_size':
    case 'shared_pool_size':
      return ['FALSE', dynamicSga ? 'IMMEDIATE' : 'FALSE'];
    default:
      return ['FALSE', 'FALSE'];
  }
}

/** V$PARAMETER's rows (TYPE: 1 Boolean, 2 string, 3 integer, as 8i numbers them). */
export function parameters(s: Scenario, dynamicSga: boolean): Rows {
  const init = new Map(Object.entries(s.init ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
  return parameterDocs().map((d, k) => {
    const set = init.get(d.name.toLowerCase());
    const value =
      set === undefined
        ? d.default
        : typeof set === 'boolean'
          ? String(set).toUpperCase()
          : String(set);
    const type = d.kind === 'boolean' ? 1 : d.kind === 'integer' || d.kind === 'size' ? 3 : 2;
    const [ses, sys] = modifiable(d.name.toLowerCase(), dynamicSga);
    return [
      k + 1,
      d.name,
      type,
      value,
      value,
      set === undefined ? 'TRUE' : 'FALSE',
      ses,
      sys,
      sys === 'FALSE' ? 'FALSE' : 'TRUE',
      'FALSE',
      'FALSE',
      d.help,
      null,
    ];
  });
}
